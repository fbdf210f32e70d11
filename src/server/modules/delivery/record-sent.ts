/**
 * A delivery batch's e-mails and texts written to their outboxes together with their delivery rows' 'sent'
 * marks, in one statement for the whole batch (issue 34: a statement per e-mail and per text before).
 *
 * Each message is guarded by its own mark: it is written only if its delivery row is still pending on the
 * attempt this instance claimed (another instance may have finished the row after this one's lease ran
 * out), and the row is marked only together with its message: both or neither, per row. A row whose mark
 * did not take is left to the instance that has it now. If the statement fails nothing of it happened,
 * and every row in it is retried as a failed attempt. The same statement wakes the mail and SMS workers
 * (NOTIFY, delivered at commit) once each, if it wrote to their outbox.
 */
import { type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { DELIVERY_STATUSES } from '../../db/schema/index.ts';
import { stillPending } from '../../db/still-pending.ts';
import { MAIL_CHANNEL, type MailOutboxRow } from '../../services/mail.ts';
import { type NewSms, SMS_CHANNEL } from '../../services/sms.ts';

/** The claim a message is written under: its delivery row and the attempt this instance made. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
}

export type SentMessage =
  | { delivery: ClaimedDelivery; mail: MailOutboxRow }
  | { delivery: ClaimedDelivery; sms: NewSms };

/**
 * One element of the statement's JSON array: a delivery row's claim, its place in the batch (the outbox
 * rows are inserted in the batch's order) and its message's row as is (camelCase keys, named so in the
 * statement's record definition).
 */
function given(m: SentMessage, ord: number) {
  const claim = { delivery_id: m.delivery.id, attempts: m.delivery.attempts, ord };
  return 'sms' in m ? { ...claim, channel: 'sms', ...m.sms } : { ...claim, channel: 'email', ...m.mail };
}

/**
 * Writes `messages` and marks their delivery rows 'sent' in one statement; answers the ids of the rows
 * marked (a row missing from it lost its claim: its message was not written).
 */
export async function recordSentMessages(db: Db, messages: readonly SentMessage[]): Promise<Set<string>> {
  if (messages.length === 0) return new Set();
  const result = (await db.execute(recordSentStatement(messages))) as unknown as {
    rows: { ids: string[]; woken: number }[];
  };
  return new Set(result.rows[0]?.ids ?? []);
}

/** The statement of recordSentMessages (tests/api/queue-marks.test.ts reads its plan). */
export function recordSentStatement(messages: readonly SentMessage[]): SQL {
  return sql`
    with given as (
      select * from json_to_recordset(${JSON.stringify(messages.map(given))}::json) as g(
        delivery_id uuid, attempts int, ord int, channel text, "to" text, subject text, text text, html text,
        body text, kind text, "replyTo" text, meta jsonb, "messageId" text, "expiresAt" timestamptz,
        attachments jsonb, "dedupeKey" text)
    ), marked as (
      update notification_deliveries d
         set status = 'sent', sent_at = now(), last_error = null
        from given g
       -- The ids again as an array, so the rows are read by key (the planner guesses 100 rows for the
       -- JSON and would read the whole table), and still pending by key too (db/still-pending.ts).
       where ${anyOf(
         sql.raw('d.id'),
         messages.map((m) => m.delivery.id),
       )} and d.id = g.delivery_id
         and ${stillPending(sql.raw('d.status'), DELIVERY_STATUSES)} and d.attempts = g.attempts
      returning d.id
    ), mails as (
      insert into mail_outbox ("to", subject, text, html, kind, reply_to, meta, message_id, status, expires_at,
                               attachments)
      select g."to", g.subject, g.text, g.html, g.kind, g."replyTo", coalesce(g.meta, '{}'), g."messageId",
             'pending', g."expiresAt", coalesce(g.attachments, '[]')
        from given g
       where g.channel = 'email' and g.delivery_id in (select id from marked)
       order by g.ord
      returning 1
    ), texts as (
      insert into sms_outbox ("to", body, kind, dedupe_key, meta, status)
      select g."to", g.body, g.kind, g."dedupeKey", coalesce(g.meta, '{}'), 'pending'
        from given g
       where g.channel = 'sms' and g.delivery_id in (select id from marked)
       order by g.ord
      on conflict (dedupe_key) do nothing
      returning 1
    ), woken as (
      select pg_notify(${MAIL_CHANNEL}, '') from (select 1 from mails limit 1) m
      union all
      select pg_notify(${SMS_CHANNEL}, '') from (select 1 from texts limit 1) t
    )
    select array(select id from marked) as ids, (select count(*) from woken)::int as woken`;
}
