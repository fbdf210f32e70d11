/**
 * The account forms' rules (SPEC §5), one zod schema per form, used by the web forms and by the API.
 */

import { COMMON_PASSWORDS, NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { VALIDATION } from '../messages.ts';
import { SIGNUP_USER_TYPES, USER_TYPES } from '../roles.ts';
import { phoneField } from './phone.ts';
import { z } from './z.ts';

/** Letters (any script), spaces, apostrophes (straight or the typographic ’ phones type) and hyphens. */
const NAME_PATTERN = /^[\p{L}'\u2019 -]+$/u;

export const emailField = z
  .string({ error: VALIDATION.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: VALIDATION.invalidEmail }).max(254, { error: VALIDATION.invalidEmail }));

export const passwordField = z
  .string({ error: VALIDATION.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: VALIDATION.passwordTooShort })
  .max(128, { error: 'Password must be at most 128 characters long' })
  .refine((p) => !(COMMON_PASSWORDS as readonly string[]).includes(p.toLowerCase()), {
    error: VALIDATION.passwordTooCommon,
  });

export function fullNameField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(NAME_MIN_LENGTH, { error: message })
    .max(100, { error: message })
    .regex(NAME_PATTERN, { error: message });
}

export const signInSchema = z.object({
  email: z
    .string({ error: VALIDATION.missingCredentials })
    .trim()
    .min(1, { error: VALIDATION.missingCredentials })
    .pipe(emailField),
  password: z
    .string({ error: VALIDATION.missingCredentials })
    .min(1, { error: VALIDATION.missingCredentials }),
});
export type SignInInput = z.infer<typeof signInSchema>;

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

export const passwordAuthLoginSchema = z.object({
  email: z.string().trim().min(1, { error: VALIDATION.fillAllFields }).pipe(emailField),
  password: z.string().min(1, { error: VALIDATION.fillAllFields }),
});

export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, { error: VALIDATION.emailRequired }).pipe(emailField),
});

export const resetPasswordSchema = z
  .object({
    password: passwordField,
    confirmPassword: z.string().min(1, { error: VALIDATION.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** Browser-only test sign-up (§2.6): may choose admin, needs no database. */
export const testSignupSchema = z.object({
  fullName: fullNameField(VALIDATION.fullNameRequired),
  email: emailField,
  userType: z.enum(USER_TYPES),
});
export const testDriverSignupSchema = z.object({
  fullName: fullNameField(VALIDATION.validFullNameRequired),
  email: emailField,
  bspNumber: z.string().trim().min(1, { error: VALIDATION.bspRequired }),
  companyName: z.string().trim().optional(),
});
