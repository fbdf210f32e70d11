/** The mailer records every message in the outbox and hands attachments (such as .ics files) to nodemailer. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/services/mail.ts';
import { databaseKinds, rows, startServer, type TestServer } from './helpers.ts';

describe.each(databaseKinds())('mail outbox (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('records the message with its attachment names and marks it sent', async () => {
    const mailer = createMailer(server.db, { from: 'ShuttleQuote <support@example.com>' });
    const { id, messageId } = await mailer.send({
      to: 'rider@example.com',
      subject: 'Your booking',
      text: 'See you soon.',
      kind: 'notification',
      attachments: [
        {
          filename: 'booking-1.ics',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
          contentType: 'text/calendar',
        },
      ],
    });
    expect(messageId).toBeTruthy();
    const [row] = await rows<{
      meta: { attachments?: string[] };
      sent_at: string | null;
      error: string | null;
    }>(server.db, sql`select meta, sent_at, error from mail_outbox where id = ${id}`);
    expect(row?.meta.attachments).toEqual(['booking-1.ics']);
    expect(row?.sent_at).not.toBeNull();
    expect(row?.error).toBeNull();
  });
});
