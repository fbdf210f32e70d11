/**
 * The branded layout of every e-mail: one function turns the content (a heading, paragraphs, sections of
 * label/value rows, a button) into an HTML part and a plain-text part that say the same thing.
 *
 * For e-mail clients: tables for layout, inline styles only (no <style> block, which several clients strip),
 * at most 600 px wide and fluid below that (readable on a 390 px phone), system fonts, and nothing loaded
 * from elsewhere: the one image, the brand mark in the header, travels inside the message (a cid: part the
 * mail worker attaches, src/server/services/email-mark.ts). Everything put in is escaped; a link whose address is not http(s), mailto: or tel:
 * is shown as plain text.
 */
import { BRAND } from '../../shared/brand.ts';
import { SUPPORT_HOURS } from '../../shared/constants.ts';
import { formatPhone, phoneHref } from '../../shared/validation/phone.ts';

/** The colour of the header band (the brand's night navy: white text on it reads at 12.6:1). */
export const EMAIL_BRAND_COLOR = BRAND.night;
/** The button's colour, the app's action blue (white on it 6.9:1). */
export const EMAIL_BUTTON_COLOR = BRAND.action;
/** The lighter brand blue of the header's edge (SPEC §9). */
export const EMAIL_ACCENT_COLOR = BRAND.header;
/** The Content-ID of the brand mark's image part (the mail worker attaches it to every message using it). */
export const EMAIL_MARK_CID = 'brand-mark@shuttlequote';

export interface EmailLink {
  text: string;
  href: string;
}
/** A piece of a value: plain text or a link. */
export type EmailInline = string | EmailLink;
/** One label/value row; a value of several lines is an array of lines. */
export interface EmailRow {
  label: string;
  value: EmailInline | EmailInline[];
}
export interface EmailSection {
  title?: string;
  rows: EmailRow[];
}

export interface EmailFooter {
  supportEmail: string;
  supportPhone: string;
  /** Why the recipient got this e-mail, one sentence. */
  reason: string;
  /** The notification settings page, for notification e-mails. */
  settingsUrl?: string;
}

export interface EmailContent {
  brandName: string;
  /** The title of the HTML document (clients show the subject; this is for the rest). */
  title: string;
  /** The preview line many inboxes show after the subject (hidden in the body). */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  sections?: EmailSection[];
  button?: EmailLink;
  /** Paragraphs after the button (small print such as how long a link works). */
  after?: string[];
  footer: EmailFooter;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:)/i;

function isLink(v: EmailInline): v is EmailLink {
  return typeof v === 'object' && v !== null;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#0f172a';
const MUTED = '#475569';
const LINK = BRAND.action;
/** The label column: 'Number plate' and 'Passengers' fit on one line. */
const LABEL_WIDTH = 104;

function inlineHtml(v: EmailInline): string {
  if (!isLink(v)) return escapeHtml(v);
  if (!SAFE_HREF.test(v.href)) return escapeHtml(v.text);
  // A phone number never breaks across lines; a long e-mail address may.
  const wrap = /^tel:/i.test(v.href) ? 'white-space:nowrap;' : 'word-break:break-all;';
  return `<a href="${escapeHtml(v.href)}" style="color:${LINK};text-decoration:underline;${wrap}">${escapeHtml(v.text)}</a>`;
}

function inlineText(v: EmailInline): string {
  if (!isLink(v)) return v;
  // A phone number or an address reads as itself; a web link needs its address written out.
  if (/^(?:mailto:|tel:)/i.test(v.href) || !SAFE_HREF.test(v.href) || v.text === v.href) return v.text;
  return `${v.text} (${v.href})`;
}

const lines = (value: EmailInline | EmailInline[]) => (Array.isArray(value) ? value : [value]);

/** A stored phone number as a tel: link, shown as people write it ('0412 345 678'). */
export function phoneLink(phone: string): EmailLink {
  return { text: formatPhone(phone), href: phoneHref(phone) };
}

function hoursText() {
  const h = (t: string) => {
    const [hour] = t.split(':').map(Number);
    const h12 = hour! % 12 || 12;
    return `${h12} ${hour! < 12 ? 'am' : 'pm'}`;
  };
  return `${SUPPORT_HOURS.days}, ${h(SUPPORT_HOURS.open)} to ${h(SUPPORT_HOURS.close)}`;
}

function footerParts(f: EmailFooter): { html: string; text: string } {
  const email: EmailLink = { text: f.supportEmail, href: `mailto:${f.supportEmail}` };
  // The support number is shown as configured (it may be a landline or a 13 number).
  const phone: EmailLink = { text: f.supportPhone.trim(), href: phoneHref(f.supportPhone) };
  const html = [
    `<p style="margin:0 0 8px;">Questions? E-mail ${inlineHtml(email)} or call ${inlineHtml(phone)} (${escapeHtml(hoursText())}).</p>`,
    `<p style="margin:0 0 8px;">${escapeHtml(f.reason)}</p>`,
    f.settingsUrl
      ? `<p style="margin:0;">${inlineHtml({ text: 'Choose which e-mails you get', href: f.settingsUrl })}</p>`
      : '',
  ].join('');
  const text = [
    `Questions? E-mail ${f.supportEmail} or call ${phone.text} (${hoursText()}).`,
    f.reason,
    f.settingsUrl ? `Choose which e-mails you get: ${f.settingsUrl}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { html, text };
}

function sectionHtml(s: EmailSection): string {
  const title = s.title
    ? `<tr><td colspan="2" style="padding:20px 0 6px;font-family:${FONT};font-size:13px;line-height:18px;font-weight:700;letter-spacing:0.04em;text-transform:uppercase;color:${MUTED};border-bottom:1px solid #e2e8f0;">${escapeHtml(s.title)}</td></tr>`
    : '';
  const rows = s.rows
    .map(
      (r) =>
        `<tr><td valign="top" width="${LABEL_WIDTH}" style="width:${LABEL_WIDTH}px;padding:8px 12px 8px 0;font-family:${FONT};font-size:14px;line-height:21px;color:${MUTED};border-bottom:1px solid #f1f5f9;">${escapeHtml(r.label)}</td>` +
        `<td valign="top" style="padding:8px 0;font-family:${FONT};font-size:15px;line-height:22px;color:${INK};font-weight:600;border-bottom:1px solid #f1f5f9;overflow-wrap:anywhere;word-wrap:break-word;">${lines(
          r.value,
        )
          .map(inlineHtml)
          .join('<br>')}</td></tr>`,
    )
    .join('');
  // The same label column in every section (fixed layout; the widths come from the <col>s).
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;table-layout:fixed;"><colgroup><col width="${LABEL_WIDTH + 12}" style="width:${LABEL_WIDTH + 12}px;"><col></colgroup>${title}${rows}</table>`;
}

function sectionText(s: EmailSection): string {
  const rows = s.rows.map((r) => {
    const [first, ...rest] = lines(r.value).map(inlineText);
    return [`${r.label}: ${first ?? ''}`, ...rest.map((l) => `  ${l}`)].join('\n');
  });
  return [s.title ? s.title.toUpperCase() : '', ...rows].filter(Boolean).join('\n');
}

function buttonHtml(b: EmailLink): string {
  if (!SAFE_HREF.test(b.href)) return '';
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0 8px;"><tr><td align="center" bgcolor="${EMAIL_BUTTON_COLOR}" style="border-radius:6px;background:${EMAIL_BUTTON_COLOR};"><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:14px 24px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(b.text)}</a></td></tr></table>`;
}

const paragraph = (p: string, size = 16) =>
  `<p style="margin:0 0 14px;font-family:${FONT};font-size:${size}px;line-height:${Math.round(size * 1.5)}px;color:${INK};">${escapeHtml(p)}</p>`;

/** Renders the content as an HTML document and as plain text. */
export function renderEmail(c: EmailContent): { html: string; text: string } {
  const footer = footerParts(c.footer);
  const preheader = c.preheader
    ? `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:#f1f5f9;">${escapeHtml(c.preheader)}</div>`
    : '';
  const html = `<!DOCTYPE html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(c.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;-webkit-text-size-adjust:100%;">
${preheader}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background:#f1f5f9;">
<tr><td align="center" style="padding:24px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;border-collapse:separate;">
<tr><td style="padding:18px 24px;background:${EMAIL_BRAND_COLOR};border-bottom:4px solid ${EMAIL_ACCENT_COLOR};border-radius:8px 8px 0 0;font-family:${FONT};font-size:22px;line-height:28px;font-weight:700;color:#ffffff;"><img src="cid:${EMAIL_MARK_CID}" width="36" height="36" alt="" style="display:inline-block;vertical-align:middle;border:0;margin:0 10px 0 0;">${escapeHtml(c.brandName)}</td></tr>
<tr><td style="padding:24px 20px 8px;">
<h1 style="margin:0 0 16px;font-family:${FONT};font-size:22px;line-height:29px;font-weight:700;color:${INK};">${escapeHtml(c.heading)}</h1>
${c.paragraphs.map((p) => paragraph(p)).join('\n')}
${(c.sections ?? []).map(sectionHtml).join('\n')}
${c.button ? buttonHtml(c.button) : ''}
${(c.after ?? []).map((p) => paragraph(p, 14)).join('\n')}
</td></tr>
<tr><td style="padding:16px 20px 24px;border-top:1px solid #e2e8f0;font-family:${FONT};font-size:13px;line-height:20px;color:${MUTED};">${footer.html}<p style="margin:8px 0 0;">${escapeHtml(c.brandName)} · Port Stephens, New South Wales</p></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    c.brandName,
    '',
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.sections ?? []).flatMap((s) => [sectionText(s), '']),
    ...(c.button && SAFE_HREF.test(c.button.href) ? [`${c.button.text}: ${c.button.href}`, ''] : []),
    ...(c.after ?? []).flatMap((p) => [p, '']),
    '--',
    footer.text,
    `${c.brandName} · Port Stephens, New South Wales`,
  ].join('\n');
  return { html, text: `${text}\n` };
}
