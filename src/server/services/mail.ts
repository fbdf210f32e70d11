/**
 * E-mail through nodemailer. Every message is recorded in mail_outbox; with SMTP_URL it is also sent over
 * SMTP, otherwise it stays in the outbox, which the development mailbox page lists.
 */
import { desc, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for: verify-email, reset-password, magic-link, contact, issue, driver-support, ... */
  kind: string;
  replyTo?: string;
  meta?: Record<string, unknown>;
  /** Such as a booking's .ics invitation. Kept in the outbox by name only. */
  attachments?: { filename: string; content: string; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<{ id: string; messageId: string | null }>;
}

export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  // Without SMTP, nodemailer's JSON transport still builds the whole message (addresses, encoding).
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          kind: message.kind,
          replyTo: message.replyTo ?? null,
          meta: {
            ...(message.meta ?? {}),
            ...(message.attachments ? { attachments: message.attachments.map((a) => a.filename) } : {}),
          },
        })
        .returning({ id: mailOutbox.id });
      const id = row!.id;
      try {
        const info = await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          replyTo: message.replyTo,
          attachments: message.attachments,
        });
        await db
          .update(mailOutbox)
          .set({ messageId: info.messageId ?? null, sentAt: sql`now()`, status: 'sent', attempts: 1 })
          .where(eq(mailOutbox.id, id));
        return { id, messageId: info.messageId ?? null };
      } catch (err) {
        await db
          .update(mailOutbox)
          .set({ error: err instanceof Error ? err.message : String(err), status: 'failed', attempts: 1 })
          .where(eq(mailOutbox.id, id));
        throw err;
      }
    },
  };
}

export async function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}) {
  const q = db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(opts.limit ?? 100);
  return opts.to ? q.where(eq(sql`lower(${mailOutbox.to})`, opts.to.toLowerCase())) : q;
}
