/**
 * The account e-mails, in the branded layout (services/email-layout.ts): an HTML part and a plain-text part
 * with the same words and the same link.
 */
import { GUEST_POST_MESSAGES } from '../../shared/marketplace/guest-post-messages.ts';
import { ACCOUNT } from '../../shared/messages.ts';
import type { Env } from '../env.ts';
import { renderEmail } from '../services/email-layout.ts';
import type { MailMessage } from '../services/mail.ts';

/** What every account e-mail needs to know about the service sending it. */
export type MailBrand = Pick<Env, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'>;

function accountMail(
  brand: MailBrand,
  m: {
    to: string;
    kind: string;
    subject: string;
    heading: string;
    paragraphs: string[];
    link: { href: string; label: string };
    after: string[];
    reason: string;
  },
): MailMessage {
  const { html, text } = renderEmail({
    brandName: brand.BRAND_NAME,
    title: m.subject,
    preheader: m.paragraphs[0],
    heading: m.heading,
    paragraphs: m.paragraphs,
    button: { text: m.link.label, href: m.link.href },
    after: m.after,
    footer: { supportEmail: brand.SUPPORT_EMAIL, supportPhone: brand.SUPPORT_PHONE, reason: m.reason },
  });
  return { to: m.to, kind: m.kind, subject: m.subject, text, html, meta: { link: m.link.href } };
}

export function verifyEmailMail(brand: MailBrand, to: string, url: string): MailMessage {
  const name = brand.BRAND_NAME;
  return accountMail(brand, {
    to,
    kind: 'verify-email',
    subject: `Confirm your e-mail address for ${name}`,
    heading: 'Confirm your e-mail address',
    paragraphs: [
      `Welcome to ${name}.`,
      'Please confirm your e-mail address to finish creating your account. The link works for 24 hours.',
    ],
    link: { href: url, label: 'Confirm my e-mail address' },
    after: ['If you did not sign up, ignore this e-mail.'],
    reason: `You got this e-mail because this address was used to sign up to ${name}.`,
  });
}

/**
 * Issue 31: a guest posted a trip and gave this address. The link is a one-time sign-in link that also
 * confirms the address; its landing makes the guest's drafts live (modules/rides/activate-drafts.ts).
 */
export function guestTripMail(brand: MailBrand, to: string, url: string, trip: string): MailMessage {
  const name = brand.BRAND_NAME;
  return accountMail(brand, {
    to,
    kind: 'guest-trip',
    subject: GUEST_POST_MESSAGES.mailSubject(name),
    heading: GUEST_POST_MESSAGES.mailHeading,
    paragraphs: [GUEST_POST_MESSAGES.mailParagraph(trip)],
    link: { href: url, label: GUEST_POST_MESSAGES.mailLinkLabel },
    after: [GUEST_POST_MESSAGES.mailAfter],
    reason: GUEST_POST_MESSAGES.mailReason(name),
  });
}

export function resetPasswordMail(brand: MailBrand, to: string, url: string): MailMessage {
  const name = brand.BRAND_NAME;
  return accountMail(brand, {
    to,
    kind: 'reset-password',
    subject: `Reset your ${name} password`,
    heading: 'Reset your password',
    paragraphs: [
      `Someone asked to reset the password of your ${name} account.`,
      'Choose a new password with the link below. It works for 1 hour. If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    link: { href: url, label: 'Reset my password' },
    after: [],
    reason: `You got this e-mail because a password reset was asked for this ${name} account.`,
  });
}

export function magicLinkMail(brand: MailBrand, to: string, url: string): MailMessage {
  const name = brand.BRAND_NAME;
  return accountMail(brand, {
    to,
    kind: 'magic-link',
    subject: `Your ${name} sign-in link`,
    heading: 'Your sign-in link',
    paragraphs: [`Here is your one-time sign-in link for ${name}. It works once, for 15 minutes.`],
    link: { href: url, label: 'Sign in' },
    after: ['If you did not ask for it, ignore this e-mail.'],
    reason: `You got this e-mail because a sign-in link was asked for this ${name} account.`,
  });
}

/**
 * Sent instead of a sign-in link to an account with two-factor sign-in (issue 14): a link would skip the
 * code. The sign-in page answers alike for every address, so the e-mail is where the person learns why.
 */
export function noLinkWithTwoFactorMail(brand: MailBrand, to: string, loginUrl: string): MailMessage {
  const name = brand.BRAND_NAME;
  return accountMail(brand, {
    to,
    kind: 'magic-link-two-factor',
    subject: `Sign in to ${name} with your password and code`,
    heading: 'Sign in with your password and code',
    paragraphs: [
      `A one-time sign-in link was asked for this ${name} account. Your account uses two-factor sign-in, so we do not send links: a link would skip your authenticator code.`,
      'Sign in with your password, then the 6-digit code from your authenticator app or one of your backup codes.',
    ],
    link: { href: loginUrl, label: 'Go to sign in' },
    after: [
      'If you did not ask for a link, someone may know your e-mail address. Your account stays protected by your password and code.',
    ],
    reason: `You got this e-mail because a sign-in link was asked for this ${name} account.`,
  });
}

export function changeEmailMail(brand: MailBrand, to: string, url: string): MailMessage {
  const name = brand.BRAND_NAME;
  return accountMail(brand, {
    to,
    kind: 'change-email',
    subject: `Confirm your new e-mail address for ${name}`,
    heading: 'Confirm your new e-mail address',
    paragraphs: [
      `Someone asked to use this address for a ${name} account.`,
      'Confirm the change with the link below. It works for 24 hours. Until it is opened the account keeps its current address.',
    ],
    link: { href: url, label: 'Confirm my new e-mail address' },
    after: ['If it was not you, ignore this e-mail.'],
    reason: `You got this e-mail because this address was entered as the new address of a ${name} account.`,
  });
}

/** Issue 16: the account's sign-in is locked after repeated wrong passwords or codes. */
export function accountLockedMail(
  brand: MailBrand & { APP_URL: string },
  to: string,
  ip: string,
  minutes: number,
): MailMessage {
  const name = brand.BRAND_NAME;
  return accountMail(brand, {
    to,
    kind: 'account-locked',
    subject: `Sign-in to your ${name} account is locked for ${minutes} minutes`,
    heading: 'Too many wrong passwords',
    paragraphs: [
      `Someone entered a wrong password or code for your ${name} account too many times, most recently from the address ${ip}. To protect the account, sign-in is locked for ${minutes} minutes.`,
      'If it was you, wait and try again, or reset your password now: a new password unlocks the account at once.',
    ],
    link: { href: `${brand.APP_URL}/forgot-password`, label: 'Reset my password' },
    after: [
      'If it was not you, your account is safe as long as your password is not known to anyone else. Resetting it is the surest way to keep it so.',
    ],
    reason: `You got this e-mail because sign-in to your ${name} account was locked.`,
  });
}

/**
 * Issue 16: someone signed up with an address that already has an account. The sign-up answers as for a
 * new address (no enumeration); the owner learns it here, in the spec's words.
 */
export function signupTakenMail(brand: MailBrand & { APP_URL: string }, to: string): MailMessage {
  const name = brand.BRAND_NAME;
  return accountMail(brand, {
    to,
    kind: 'signup-taken',
    subject: `You already have a ${name} account`,
    heading: 'You already have an account',
    paragraphs: [
      `Someone just tried to create a new ${name} account with this e-mail address. ${ACCOUNT.emailTaken}`,
      'If it was you, sign in below, or reset your password if you have forgotten it.',
    ],
    link: { href: `${brand.APP_URL}/login`, label: 'Sign in' },
    after: [
      `Forgot your password? Reset it at ${brand.APP_URL}/forgot-password.`,
      'If it was not you, you can ignore this e-mail: nothing has changed on your account.',
    ],
    reason: `You got this e-mail because someone tried to sign up to ${name} with this address.`,
  });
}

/**
 * Issue 28 (finding 8): the account's address was changed (the new address opened its confirmation link).
 * Sent to the old address, with a link that puts it back and signs out every device.
 */
export function emailChangedMail(
  brand: MailBrand & { APP_URL: string },
  to: string,
  change: { newEmail: string; when: string; undoUrl: string; days: number },
): MailMessage {
  const name = brand.BRAND_NAME;
  return accountMail(brand, {
    to,
    kind: 'email-changed',
    subject: `The e-mail address of your ${name} account was changed`,
    heading: 'Your e-mail address was changed',
    paragraphs: [
      `The e-mail address of your ${name} account was changed from ${to} to ${change.newEmail} on ${change.when} (Sydney time). E-mails about the account now go to the new address.`,
      `If it was you, there is nothing to do. If it was not you, undo the change with the link below: it puts ${to} back and signs out every device signed in to the account. The link works for ${change.days} days.`,
    ],
    link: { href: change.undoUrl, label: 'Undo this change' },
    after: [
      `Whoever changed the address needed your password. If it was not you, reset your password after undoing the change: ${brand.APP_URL}/forgot-password`,
    ],
    reason: `You got this e-mail because this address was the address of a ${name} account until now.`,
  });
}
