/**
 * The sign-up forms' rules (SPEC §5 plus a required mobile number), used by the web forms and by the API.
 * Kept apart from auth.ts so that only the sign-up pages download the phone metadata (validation/phone.ts).
 */

import { VALIDATION } from '../messages.ts';
import { SIGNUP_USER_TYPES } from '../roles.ts';
import { emailField, fullNameField, passwordField } from './auth.ts';
import { phoneField } from './phone.ts';
import { z } from './z.ts';

export const customerSignupSchema = z.object({
  fullName: fullNameField(VALIDATION.fullNameRequired),
  email: emailField,
  password: passwordField,
  /** A mobile number, required: the other side calls it on the day (validation/phone.ts); E.164 out. */
  phone: phoneField,
});

export const driverSignupSchema = z.object({
  fullName: fullNameField(VALIDATION.validFullNameRequired),
  email: emailField,
  password: passwordField,
  phone: phoneField,
  bspNumber: z
    .string({ error: VALIDATION.bspRequired })
    .trim()
    .min(1, { error: VALIDATION.bspRequired })
    .max(40, { error: 'BSP number must be at most 40 characters' }),
  companyName: z.string().trim().max(120).optional(),
});

/** What the sign-up API accepts: a customer or a driver, never an admin. */
export const signupRequestSchema = z.discriminatedUnion('userType', [
  customerSignupSchema.extend({ userType: z.literal('customer') }),
  driverSignupSchema.extend({ userType: z.literal('driver') }),
]);
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export const signupUserTypeSchema = z.enum(SIGNUP_USER_TYPES);

/** Password-auth card sign-up: all fields (name, e-mail, mobile, password twice), matching passwords, minimum length. */
export const passwordAuthSignupSchema = z
  .object({
    fullName: z
      .string()
      .trim()
      .min(1, { error: VALIDATION.fillAllFields })
      .pipe(fullNameField(VALIDATION.fullNameRequired)),
    email: z.string().trim().min(1, { error: VALIDATION.fillAllFields }).pipe(emailField),
    phone: z
      .string({ error: VALIDATION.fillAllFields })
      .trim()
      .min(1, { error: VALIDATION.fillAllFields })
      .pipe(phoneField),
    password: z.string().min(1, { error: VALIDATION.fillAllFields }).pipe(passwordField),
    confirmPassword: z.string().min(1, { error: VALIDATION.fillAllFields }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
