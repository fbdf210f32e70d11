/**
 * POST /api/send-email (SPEC §7 "send-email"): contact and issue messages go to the support address,
 * driver-support messages to the drivers address, and a thank-you confirmation goes to the sender.
 *
 * Both e-mails are recorded in the mail outbox in one transaction and sent by the mail worker with retries;
 * the answer's messageId is the Message-ID the message to support will carry.
 *
 * The server decides the recipient (a `to` in the body is ignored) and writes the e-mail itself from the
 * validated form data (client HTML is never forwarded), so the endpoint cannot be used to send arbitrary
 * mail. A honeypot field and per-address and per-client limits keep bots out.
 */

import { Hono } from 'hono';
import { z } from 'zod';
import { SUPPORT_HOURS } from '../../../shared/constants.ts';
import { ACCOUNT } from '../../../shared/messages.ts';
import { emailField } from '../../../shared/validation/auth.ts';
import {
  contactFormSchema,
  driverSupportFormSchema,
  SUPPORT_FORM_MESSAGES,
} from '../../../shared/validation/support-forms.ts';
import type { Db } from '../../db/client.ts';
import { noteBodySchema } from '../../http/body-schemas.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { floodLimit } from '../../http/middleware.ts';
import { renderEmail } from '../../services/email-layout.ts';
import type { MailMessage } from '../../services/mail.ts';
import { hitRateLimit } from '../../services/rate-limit.ts';

export const SEND_EMAIL_TYPES = ['contact', 'issue', 'driver-support'] as const;
export type SendEmailType = (typeof SEND_EMAIL_TYPES)[number];

/** Per sender address and per client address. */
export const SEND_EMAIL_LIMITS = {
  perAddress: { max: 5, windowMs: 60 * 60_000 },
  perClient: { max: 20, windowMs: 60 * 60_000 },
} as const;

export const SEND_EMAIL_MESSAGES = {
  failed: ACCOUNT.emailSendFailed,
  rateLimited: 'You have sent several messages in a short time. Please wait an hour before sending another.',
  subjectRequired: SUPPORT_FORM_MESSAGES.subjectRequired,
  messageRequired: SUPPORT_FORM_MESSAGES.messageRequired,
  invalidType: 'Unknown message type.',
  signInForIssue: 'You must be logged in to submit an issue.',
} as const;

export { contactFormSchema, driverSupportFormSchema };

export const issueFormSchema = z.object({
  title: z.string().trim().min(5, { error: 'Title must be at least 5 characters' }).max(200),
  category: z.enum(['bug', 'feature', 'improvement', 'other'], { error: 'Please select a category' }),
  priority: z.enum(['low', 'medium', 'high', 'critical'], { error: 'Please select a priority' }),
  userName: z.string().trim().max(120).optional(),
  userEmail: emailField,
  description: z.string().trim().min(10, { error: 'Description must be at least 10 characters' }).max(5000),
  attachments: z.array(z.url().max(2048)).max(5).optional(),
});

const envelopeSchema = z.object({
  to: z.unknown().optional(),
  subject: z.string().trim().max(200).optional(),
  html: z.unknown().optional(),
  text: z.string().max(20_000).optional(),
  type: z.enum(SEND_EMAIL_TYPES, { error: SEND_EMAIL_MESSAGES.invalidType }),
  replyTo: emailField,
  formData: z.record(z.string(), z.unknown(), { error: 'formData is required.' }),
  /** Honeypot: a field people never see; bots fill it. */
  website: z.unknown().optional(),
});

function fieldsBlock(fields: [string, string | undefined][]) {
  const present = fields.filter(([, v]) => v !== undefined && v !== '') as [string, string][];
  return {
    text: present.map(([k, v]) => `${k}: ${v}`).join('\n'),
    // A value of several lines keeps its lines.
    rows: present.map(([label, value]) => ({ label, value: value.split(/\r?\n/) })),
  };
}

type Built = { name: string; subject: string; fields: [string, string | undefined][] };

/** A contact or driver-support form's message; its own `details` go between the e-mail and the subject. */
function supportFormMessage(
  form: { name: string; email: string; subject: string; message: string },
  details: [string, string | undefined][],
): Built {
  return {
    name: form.name,
    subject: form.subject,
    fields: [
      ['Name', form.name],
      ['E-mail', form.email],
      ...details,
      ['Subject', form.subject],
      ['Message', form.message],
    ],
  };
}

function buildFromForm(type: SendEmailType, formData: Record<string, unknown>): Built | z.ZodError {
  if (type === 'contact') {
    const r = contactFormSchema.safeParse(formData);
    if (!r.success) return r.error;
    return supportFormMessage(r.data, [
      ['Phone', r.data.phone],
      ['I am a', r.data.userType],
    ]);
  }
  if (type === 'driver-support') {
    const r = driverSupportFormSchema.safeParse(formData);
    if (!r.success) return r.error;
    return supportFormMessage(r.data, [
      ['Driver licence', r.data.driverLicense],
      ['Urgency', r.data.urgency],
    ]);
  }
  const r = issueFormSchema.safeParse(formData);
  if (!r.success) return r.error;
  const f = r.data;
  const userName = f.userName || f.userEmail || 'Unknown User';
  return {
    name: userName,
    subject: `Issue report: ${f.title}`,
    fields: [
      ['Title', f.title],
      ['Category', f.category],
      ['Priority', f.priority],
      ['Reported by', `${userName} <${f.userEmail}>`],
      ['Description', f.description],
      ['Attachments', f.attachments?.join('\n')],
    ],
  };
}

function fail(message: string, issues?: { path: string; message: string }[]) {
  return { success: false as const, message, ...(issues ? { issues } : {}) };
}

export function sendEmailRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();

  app.post('/', floodLimit(deps, 'contact'), async (c) => {
    noteBodySchema(c, envelopeSchema);
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return c.json(fail(SEND_EMAIL_MESSAGES.failed), 400);
    }
    const envelope = envelopeSchema.safeParse(raw);
    if (!envelope.success) {
      const issues = envelope.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return c.json(fail(issues[0]?.message ?? SEND_EMAIL_MESSAGES.failed, issues), 400);
    }
    const body = envelope.data;
    const honeypot = body.website ?? body.formData.website;
    if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
      // Looks like success to the bot; nothing is sent.
      return c.json({ success: true, messageId: null });
    }
    if (body.type === 'issue' && !c.get('user')) {
      return c.json(fail(SEND_EMAIL_MESSAGES.signInForIssue), 401);
    }
    const built = buildFromForm(body.type, body.formData);
    if (built instanceof z.ZodError) {
      const issues = built.issues.map((i) => ({ path: `formData.${i.path.join('.')}`, message: i.message }));
      return c.json(fail(issues[0]?.message ?? SEND_EMAIL_MESSAGES.failed, issues), 400);
    }

    for (const [key, rule] of [
      [`send-email:address:${body.replyTo}`, SEND_EMAIL_LIMITS.perAddress],
      [`send-email:ip:${c.get('ip')}`, SEND_EMAIL_LIMITS.perClient],
    ] as const) {
      const limit = await hitRateLimit(deps.db, key, rule);
      if (!limit.allowed) {
        c.header('Retry-After', String(limit.retryAfterSeconds));
        return c.json(fail(SEND_EMAIL_MESSAGES.rateLimited), 429);
      }
    }

    const { env, mailer } = deps;
    const to = body.type === 'driver-support' ? env.DRIVERS_EMAIL : env.SUPPORT_EMAIL;
    const block = fieldsBlock(built.fields);
    const subject = body.subject || built.subject;
    const label =
      body.type === 'contact'
        ? 'Contact form'
        : body.type === 'driver-support'
          ? 'Driver support request'
          : 'Issue report';
    const message: MailMessage = {
      to,
      subject: `[${label}] ${subject}`,
      text: `${label} from ${built.name} <${body.replyTo}>\n\n${block.text}\n`,
      html: renderEmail({
        brandName: env.BRAND_NAME,
        title: `[${label}] ${subject}`,
        heading: label,
        paragraphs: [`${label} from ${built.name} <${body.replyTo}>. Reply to this e-mail to answer.`],
        sections: [{ rows: block.rows }],
        footer: {
          supportEmail: env.SUPPORT_EMAIL,
          supportPhone: env.SUPPORT_PHONE,
          reason: `Sent by the ${label.toLowerCase()} of ${env.BRAND_NAME}.`,
        },
      }).html,
      kind: body.type,
      replyTo: body.replyTo,
      meta: { type: body.type, userId: c.get('user')?.id ?? null },
    };
    // The thank-you: no text from the form except the sender's name, so it cannot carry spam.
    const hours = `${SUPPORT_HOURS.days}, ${SUPPORT_HOURS.open} to ${SUPPORT_HOURS.close}`;
    const thanks =
      body.type === 'issue'
        ? 'Thank you for your feedback. Your issue has been submitted successfully. We will review it and get back to you via email.'
        : `Thank you for contacting ${env.BRAND_NAME}. We have received your message and aim to reply within ${SUPPORT_HOURS.replyWithinHours} hours on business days (${hours}).`;
    // An issue's thank-you goes to the signed-in reporter's own address.
    const sender = body.type === 'issue' ? (c.get('user')?.email ?? body.replyTo) : body.replyTo;
    const replyAddress = body.type === 'driver-support' ? env.DRIVERS_EMAIL : env.SUPPORT_EMAIL;
    const thankYou = renderEmail({
      brandName: env.BRAND_NAME,
      title: `We received your message - ${env.BRAND_NAME}`,
      heading: 'We received your message',
      paragraphs: [`Hello ${built.name},`, thanks],
      footer: {
        supportEmail: replyAddress,
        supportPhone: env.SUPPORT_PHONE,
        reason: `You got this e-mail because this address was given on a ${env.BRAND_NAME} ${label.toLowerCase()}.`,
      },
    });
    const confirmation: MailMessage = {
      to: sender,
      subject: `We received your message - ${env.BRAND_NAME}`,
      text: thankYou.text,
      html: thankYou.html,
      kind: `${body.type}-confirmation`,
      meta: { type: body.type },
    };

    // Both mails are recorded together in the outbox; the mail worker sends them with retries. The answer's
    // messageId is the Message-ID the message will carry. Only a failure to record is a failure here.
    let messageId: string;
    try {
      messageId = await deps.db.transaction(async (tx) => {
        const recorded = await mailer.send(message, { tx: tx as Db });
        await mailer.send(confirmation, { tx: tx as Db });
        await recordIdempotentEffect(tx as Db, recorded.messageId);
        return recorded.messageId;
      });
    } catch (err) {
      // Our own failure now (the database), no longer the mail server's: 500.
      console.error('send-email could not record the e-mail', err);
      return c.json(fail(SEND_EMAIL_MESSAGES.failed), 500);
    }
    return c.json({ success: true, messageId });
  });

  return app;
}
