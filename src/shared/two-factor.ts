/**
 * Two-factor sign-in (issue 14): an authenticator app's 6-digit code (TOTP) after the password, or one of
 * ten backup codes. Required for administrators, optional for everyone else. One source for its rules,
 * messages and request shapes, read by the API and the web app.
 */
import { z } from 'zod';

export const TWO_FACTOR = {
  /** Digits in an authenticator code. */
  codeDigits: 6,
  /** Backup codes made at set-up: each works once. */
  backupCodeCount: 10,
  /** A backup code as better-auth makes them: 5 letters or digits, a hyphen, 5 more. */
  backupCodePattern: /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/,
  /** How long after the password the code may be entered, in minutes (better-auth's challenge cookie). */
  challengeMinutes: 10,
} as const;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is the 6 digits your authenticator app shows for this account.',
  backupCodeFormat: 'A backup code looks like abcde-12345.',
  invalidCode: 'That code is not right. Check your authenticator app and try again.',
  invalidBackupCode: 'That backup code is not right, or it has been used already.',
  reusedCode: 'That code has already been used. Wait for the next code in your authenticator app.',
  challengeExpired: 'Your sign-in has timed out. Enter your e-mail and password again.',
  tooManyAttempts: 'Too many wrong codes. Enter your e-mail and password again.',
  locked:
    'Too many wrong codes. For your security, sign-in with a code is locked for 15 minutes. Contact support if this was not you.',
  passwordRequired: 'Enter your current password.',
  wrongPassword: 'That password is not right.',
  adminMustKeep:
    'Administrators must keep two-factor sign-in turned on. It protects every account on the marketplace.',
  alreadyOn: 'Two-factor sign-in is already on for this account.',
  notOn: 'Two-factor sign-in is not on for this account.',
  setupNotStarted: 'Start the set-up again: enter your password to get a new secret.',
  /** What an administrator without a second factor is told by the API and on /settings. */
  adminSetupRequired:
    'Administrators must turn on two-factor sign-in before using the admin pages. Set it up in Settings.',
  adminSignInAgain:
    'This session was started without your authenticator code. Sign out and sign in again with your code to use the admin pages.',
} as const;

/** The code the API answers with when an administrator has no second factor yet. */
export const TWO_FACTOR_REQUIRED_CODE = 'auth/two-factor-required';

/** Spaces and hyphens people type from their app ("123 456") are ignored. */
const totpCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: TWO_FACTOR_MESSAGES.codeRequired })
      .regex(/^\d{6}$/, { error: TWO_FACTOR_MESSAGES.codeFormat }),
  );

const backupCode = z
  .string({ error: TWO_FACTOR_MESSAGES.backupCodeFormat })
  .transform((s) => s.trim())
  .pipe(z.string().regex(TWO_FACTOR.backupCodePattern, { error: TWO_FACTOR_MESSAGES.backupCodeFormat }))
  // Stored with the hyphen; people may leave it out.
  .transform((s) => (s.includes('-') ? s : `${s.slice(0, 5)}-${s.slice(5)}`));

/** POST /api/account/two-factor: the second step of signing in. */
export const secondFactorSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCode }),
  z.object({ method: z.literal('backup_code'), code: backupCode }),
]);
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** POST /api/me/two-factor/confirm: the first code from the app, which turns two-factor sign-in on. */
export const confirmTwoFactorSchema = z.object({ code: totpCode });

/** Set-up, turning off and new backup codes all ask for the current password. */
export const passwordConfirmSchema = z.object({
  password: z
    .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
    .min(1, { error: TWO_FACTOR_MESSAGES.passwordRequired })
    .max(128),
});

/** GET /api/me/two-factor */
export interface TwoFactorStatusDto {
  enabled: boolean;
  /** True for administrators: they cannot turn it off. */
  required: boolean;
  /** Unused backup codes left (null while two-factor sign-in is off). */
  backupCodesLeft: number | null;
}

/** POST /api/me/two-factor/enable: what the authenticator app needs. Backup codes are shown once. */
export interface TwoFactorSetupDto {
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: string;
  /** The same secret in base32, for typing into an app by hand. */
  secret: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
  backupCodes: string[];
}

/** The second step of sign-in: POST /api/account/sign-in answers this when a code is needed. */
export interface SignInAnswer {
  ok: true;
  userId?: string;
  twoFactorRequired?: boolean;
}
