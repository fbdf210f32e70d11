/**
 * Changing the account's e-mail address (issue 28, finding 8): the request needs the current password, and
 * once the new address confirms the change the old address is told, with a link that undoes it for
 * EMAIL_CHANGE_UNDO.days days. One source for the rules, messages and request shapes, read by the API
 * (/api/me/email, /api/account/undo-email-change) and the web app (the profile form, /undo-email-change).
 */
import { z } from 'zod';
import { emailField } from './validation/auth.ts';

export const EMAIL_CHANGE_UNDO = {
  /** How long the link sent to the old address works. */
  days: 7,
  /** Undo attempts per client address in an hour (like the other account links). */
  perAddressPerHour: 20,
} as const;

export const EMAIL_CHANGE_MESSAGES = {
  passwordRequired: 'Enter your current password to change your e-mail address.',
  wrongPassword: 'Your current password is incorrect.',
  /** The undo link: unknown, used, or older than EMAIL_CHANGE_UNDO.days. */
  undoInvalid:
    'This link is invalid, has already been used or has expired. If your e-mail address was changed without you, contact support.',
  undoTokenRequired: 'This link is incomplete. Open it again from the e-mail.',
  /** The old address now belongs to another (confirmed) account; {support} is the support address. */
  undoAddressTaken: (email: string, support: string) =>
    `The address ${email} now belongs to another account, so we could not give it back to yours. Nothing was changed. Contact support at ${support} and we will sort it out with you.`,
  /** The confirmation link of a change that was undone afterwards (the profile page reads ?error=). */
  confirmationRevoked:
    'This confirmation link no longer works: the change was undone or the link has expired. Ask for the change again if you still want it.',
} as const;

/** POST /api/me/email */
export const emailChangeSchema = z.object({
  newEmail: emailField,
  password: z
    .string({ error: EMAIL_CHANGE_MESSAGES.passwordRequired })
    .min(1, { error: EMAIL_CHANGE_MESSAGES.passwordRequired })
    .max(1024, { error: EMAIL_CHANGE_MESSAGES.wrongPassword }),
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

/** POST /api/account/undo-email-change */
export const undoEmailChangeSchema = z.object({
  token: z
    .string({ error: EMAIL_CHANGE_MESSAGES.undoTokenRequired })
    .trim()
    .min(1, { error: EMAIL_CHANGE_MESSAGES.undoTokenRequired })
    .max(200, { error: EMAIL_CHANGE_MESSAGES.undoInvalid }),
});

/** What the undo answers: the address the account has again. */
export interface UndoEmailChangeAnswer {
  ok: true;
  email: string;
}
