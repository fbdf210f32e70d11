/**
 * The work an accept leaves for after its answer (issue 34 item 2): the booking's notifications (one to the
 * customer, one to the driver) get their delivery rows from the delivery worker, which renders each e-mail
 * (with its .ics) into mail_outbox and each text into sms_outbox; the mail and SMS workers then send them.
 * A benchmark that stops at the last answer leaves that CPU out, so this waits until it is done.
 *
 * The chain has no gap to fall through: a notification is 'awaiting_deliveries' until its delivery rows
 * exist (same statement), and a delivery row leaves 'pending' in the transaction that writes its outbox
 * row (jobs/delivery-worker.ts), so "nothing pending at any of the four steps" means all of it is done.
 */
import type pg from 'pg';

export interface PendingWork {
  /** Notifications whose delivery rows are not written yet. */
  awaiting: number;
  /** Delivery rows (e-mail, push, text) still to be worked. */
  deliveries: number;
  /** E-mails recorded but not yet accepted by the SMTP server. */
  mails: number;
  /** Texts recorded but not yet sent. */
  texts: number;
}

export const nothingPending = (p: PendingWork) => p.awaiting + p.deliveries + p.mails + p.texts === 0;

export const describePending = (p: PendingWork) =>
  `${p.awaiting} notifications awaiting delivery rows, ${p.deliveries} deliveries, ${p.mails} e-mails, ${p.texts} texts pending`;

/**
 * What is still pending for the given notifications, or for every notification when `notificationIds` is
 * null. Each count reads a partial index of pending rows (or the notifications' primary key), so polling
 * it costs PostgreSQL little next to the work it waits for.
 */
export async function pendingWork(db: pg.Client, notificationIds: string[] | null): Promise<PendingWork> {
  const all = notificationIds === null;
  const { rows } = await db.query<{ awaiting: string; deliveries: string; mails: string; texts: string }>(
    `select
       (select count(*) from notifications where awaiting_deliveries and ($1 or id = any($2::uuid[]))) awaiting,
       (select count(*) from notification_deliveries
         where status = 'pending' and ($1 or notification_id = any($2::uuid[]))) deliveries,
       (select count(*) from mail_outbox
         where status = 'pending' and ($1 or meta->>'notificationId' = any($2::text[]))) mails,
       (select count(*) from sms_outbox
         where status = 'pending' and ($1 or meta->>'notificationId' = any($2::text[]))) texts`,
    [all, notificationIds ?? []],
  );
  const r = rows[0]!;
  return {
    awaiting: Number(r.awaiting),
    deliveries: Number(r.deliveries),
    mails: Number(r.mails),
    texts: Number(r.texts),
  };
}

/** The notifications of the bookings made from these quotes (written in the accepts' transactions). */
export async function notificationsOfAcceptedQuotes(db: pg.Client, quoteIds: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select n.id from notifications n
       join bookings b on b.id = n.related_id
      where b.quote_id = any($1::uuid[])`,
    [quoteIds],
  );
  return rows.map((r) => r.id);
}

/**
 * Polls `pendingWork` every `intervalMs` until nothing is pending (resolves with the moment, from
 * performance.now()) or `timeoutMs` passes (resolves null with what was left).
 */
export async function waitForNoPendingWork(
  db: pg.Client,
  notificationIds: string[] | null,
  opts: { intervalMs: number; timeoutMs: number },
): Promise<{ doneAt: number | null; left: PendingWork }> {
  const deadline = performance.now() + opts.timeoutMs;
  for (;;) {
    const left = await pendingWork(db, notificationIds);
    if (nothingPending(left)) return { doneAt: performance.now(), left };
    if (performance.now() >= deadline) return { doneAt: null, left };
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
}
