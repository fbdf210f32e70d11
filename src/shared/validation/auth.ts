/**
 * The account forms' rules (SPEC §5), one zod schema per form, used by the web forms and by the API.
 * The sign-up forms, which ask for a mobile number, are in signup.ts: the phone metadata they need is
 * downloaded only by the pages that sign people up, not by the sign-in page.
 */

import { COMMON_PASSWORDS, NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { VALIDATION } from '../messages.ts';
import { USER_TYPES } from '../roles.ts';
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
  // Longer than any password we accept (128) is simply a wrong one (better-auth says so, and it counts as a
  // failure): cut to 129 characters, so no more than that ever reaches the code behind.
  password: z
    .string({ error: VALIDATION.missingCredentials })
    .min(1, { error: VALIDATION.missingCredentials })
    .transform((p) => p.slice(0, 129)),
});
export type SignInInput = z.infer<typeof signInSchema>;

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
    confirmPassword: z
      .string()
      .min(1, { error: VALIDATION.passwordsDoNotMatch })
      .max(128, { error: VALIDATION.passwordsDoNotMatch }),
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
