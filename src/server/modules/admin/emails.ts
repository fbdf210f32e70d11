/** E-mails to the account holder about what an administrator did to their account (issue 14). */
import type { MailBrand } from '../../auth/emails.ts';
import { renderEmail } from '../../services/email-layout.ts';
import type { MailMessage } from '../../services/mail.ts';

function adminAccountMail(
  brand: MailBrand,
  m: {
    to: string;
    kind: string;
    subject: string;
    heading: string;
    paragraphs: string[];
    link: { href: string; text: string };
  },
): MailMessage {
  const { html, text } = renderEmail({
    brandName: brand.BRAND_NAME,
    title: m.subject,
    preheader: m.paragraphs[0],
    heading: m.heading,
    paragraphs: m.paragraphs,
    button: m.link,
    footer: {
      supportEmail: brand.SUPPORT_EMAIL,
      supportPhone: brand.SUPPORT_PHONE,
      reason: `You received this e-mail because the status of your ${brand.BRAND_NAME} account changed.`,
    },
  });
  return { to: m.to, kind: m.kind, subject: m.subject, text, html };
}

export function accountSuspendedMail(
  brand: MailBrand,
  appUrl: string,
  to: string,
  reason: string,
): MailMessage {
  return adminAccountMail(brand, {
    to,
    kind: 'account-suspended',
    subject: `Your ${brand.BRAND_NAME} account is suspended`,
    heading: 'Your account is suspended',
    paragraphs: [
      `An administrator suspended your ${brand.BRAND_NAME} account, so you cannot sign in for now.`,
      `The reason given: "${reason}"`,
      'Your open trip requests were closed and your open quotes withdrawn; the people concerned have been told. Trips already booked are unchanged.',
      `If you think this is a mistake, reply to this e-mail or contact support at ${brand.SUPPORT_EMAIL} or ${brand.SUPPORT_PHONE}.`,
    ],
    link: { href: `${appUrl}/support`, text: 'Contact support' },
  });
}

export function accountReinstatedMail(brand: MailBrand, appUrl: string, to: string): MailMessage {
  return adminAccountMail(brand, {
    to,
    kind: 'account-reinstated',
    subject: `Your ${brand.BRAND_NAME} account is active again`,
    heading: 'Your account is active again',
    paragraphs: [
      `An administrator reinstated your ${brand.BRAND_NAME} account. You can sign in again.`,
      'Trip requests and quotes closed while it was suspended stay closed: post or quote again if you still need to.',
    ],
    link: { href: `${appUrl}/login`, text: 'Sign in' },
  });
}

/**
 * Issue 28 (finding 11): an administrator reset the person's second factor (a lost phone and backup codes).
 * Their sessions ended; they sign in with the password alone until they set it up again, which an
 * administrator must do at the next sign-in.
 */
export function twoFactorResetMail(
  brand: MailBrand,
  appUrl: string,
  to: string,
  reason: string,
  isAdmin: boolean,
): MailMessage {
  const name = brand.BRAND_NAME;
  return adminAccountMail(brand, {
    to,
    kind: 'two-factor-reset',
    subject: `Two-factor sign-in was reset on your ${name} account`,
    heading: 'Two-factor sign-in was reset',
    paragraphs: [
      `An administrator reset two-factor sign-in on your ${name} account: your authenticator app and backup codes no longer work for it, and every device signed in to the account was signed out.`,
      `The reason given: "${reason}"`,
      isAdmin
        ? 'As an administrator you must set up two-factor sign-in again at your next sign-in, before you can use the admin pages: sign in with your password and follow the steps in Settings.'
        : 'You can now sign in with your password alone. Set up two-factor sign-in again in Settings to keep your account protected (administrators must set it up again at their next sign-in).',
      `If you did not ask for this, reset your password at ${appUrl}/forgot-password and contact support at ${brand.SUPPORT_EMAIL} or ${brand.SUPPORT_PHONE}.`,
    ],
    link: { href: `${appUrl}/settings`, text: 'Set up two-factor sign-in' },
  });
}
