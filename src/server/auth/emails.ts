/** The account e-mails. Plain text first (every client shows it); a small HTML part with the same link. */
import type { MailMessage } from '../services/mail.ts';

function html(paragraphs: string[], link: { href: string; label: string }) {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return `${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>`;
}

export function verifyEmailMail(brand: string, to: string, url: string): MailMessage {
  const lines = [
    `Welcome to ${brand}.`,
    'Please confirm your e-mail address to finish creating your account. The link works for 24 hours.',
  ];
  return {
    to,
    kind: 'verify-email',
    subject: `Confirm your e-mail address for ${brand}`,
    text: `${lines.join('\n\n')}\n\nConfirm your address: ${url}\n\nIf you did not sign up, ignore this e-mail.`,
    html: html(lines, { href: url, label: 'Confirm my e-mail address' }),
    meta: { link: url },
  };
}

export function resetPasswordMail(brand: string, to: string, url: string): MailMessage {
  const lines = [
    `Someone asked to reset the password of your ${brand} account.`,
    'Choose a new password with the link below. It works for 1 hour. If it was not you, ignore this e-mail: your password stays as it is.',
  ];
  return {
    to,
    kind: 'reset-password',
    subject: `Reset your ${brand} password`,
    text: `${lines.join('\n\n')}\n\nReset your password: ${url}`,
    html: html(lines, { href: url, label: 'Reset my password' }),
    meta: { link: url },
  };
}

export function magicLinkMail(brand: string, to: string, url: string): MailMessage {
  const lines = [`Here is your one-time sign-in link for ${brand}. It works once, for 15 minutes.`];
  return {
    to,
    kind: 'magic-link',
    subject: `Your ${brand} sign-in link`,
    text: `${lines.join('\n\n')}\n\nSign in: ${url}\n\nIf you did not ask for it, ignore this e-mail.`,
    html: html(lines, { href: url, label: 'Sign in' }),
    meta: { link: url },
  };
}
