/**
 * Reminders about unpaid statements (issue 15), each sent once per statement: on the due date, the day
 * after it (overdue, with the day quoting pauses), and when quoting pauses (OVERDUE_HOLD_DAYS after the due
 * date). Each is one conditional UPDATE that stamps the statement and returns it, with the notification
 * written in the same transaction, so two instances never send one twice; the delivery worker e-mails it.
 */
import { sql } from 'drizzle-orm';
import { addDays, formatDay, OVERDUE_HOLD_DAYS, periodLabel } from '../../../shared/billing.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import type { NotificationType } from '../../../shared/marketplace/notification-types.ts';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/service.ts';

interface Due {
  id: string;
  driver_id: string;
  number: string;
  period: string;
  total_cents: number;
  due_on: string;
}

const TODAY = sql`(now() at time zone 'Australia/Sydney')::date`;

const REMINDERS: {
  column: 'due_reminder_at' | 'overdue_reminder_at' | 'hold_notice_at';
  when: ReturnType<typeof sql>;
  type: NotificationType;
  title: (s: Due) => string;
  message: (s: Due) => string;
}[] = [
  {
    column: 'due_reminder_at',
    when: sql`due_on = ${TODAY}`,
    type: 'statement_due',
    title: (s) => `Statement ${s.number} is due today`,
    message: (s) =>
      `Your ${periodLabel(s.period)} statement ${s.number} for ${formatAud(s.total_cents)} is due today. Pay it by bank transfer quoting ${s.number}, or by card where offered.`,
  },
  {
    column: 'overdue_reminder_at',
    when: sql`due_on < ${TODAY} and due_on + ${OVERDUE_HOLD_DAYS}::int >= ${TODAY}`,
    type: 'statement_overdue',
    title: (s) => `Statement ${s.number} is overdue`,
    message: (s) =>
      `Your ${periodLabel(s.period)} statement ${s.number} for ${formatAud(s.total_cents)} was due on ${formatDay(s.due_on)}. Please pay it: if it is still unpaid after ${formatDay(addDays(s.due_on, OVERDUE_HOLD_DAYS))}, you cannot send quotes until it is paid.`,
  },
  {
    column: 'hold_notice_at',
    when: sql`due_on + ${OVERDUE_HOLD_DAYS}::int < ${TODAY}`,
    type: 'statement_hold',
    title: () => 'Quoting is paused until you pay',
    message: (s) =>
      `Your statement ${s.number} for ${formatAud(s.total_cents)} is ${OVERDUE_HOLD_DAYS} days past its due date, so you cannot send quotes for now. Pay it and quoting resumes at once.`,
  },
];

/** Sends every reminder now due; returns how many went. Safe to run often and on several instances. */
export async function sendStatementReminders(db: Db): Promise<number> {
  let sent = 0;
  for (const r of REMINDERS) {
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const result = (await tx.execute(sql`
        update billing_statements set ${sql.raw(r.column)} = now()
         where status = 'open' and ${sql.raw(r.column)} is null and ${r.when}
        returning id, driver_id, number, period, total_cents, due_on::text as due_on`)) as unknown as {
        rows: Due[];
      };
      for (const s of result.rows) {
        await notify(tx, {
          userId: s.driver_id,
          type: r.type,
          title: r.title(s),
          message: r.message(s),
          relatedId: s.id,
        });
        sent++;
      }
    });
  }
  return sent;
}
