/**
 * Everything a server that runs the background work starts (index.ts: a lone server, or server 1 of a
 * cluster), in one place so that a test can start exactly this on two servers. Every machine runs it; each
 * job is safe to run on several at once through PostgreSQL alone (ADR 029, docs/DEPLOY.md).
 */
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { billingSettings } from '../modules/billing/settings.ts';
import { mailFrom } from '../services/mail.ts';
import { startMailWorker } from '../services/mail-worker.ts';
import { smsProviderFor } from '../services/sms.ts';
import { startSmsWorker } from '../services/sms-worker.ts';
import { runBilling } from './billing-run.ts';
import { startDeliveryWorker } from './delivery-worker.ts';
import { startSweeper } from './sweep.ts';

export interface BackgroundWorkDeps {
  env: Env;
  database: Database;
}

/** Starts the sweeper and the workers; returns a function that stops them, each finishing its current item. */
export async function startBackgroundWork({ env, database }: BackgroundWorkDeps) {
  // Expires past requests and quotes every minute, sends the reminders and warnings due (an advisory lock:
  // one server per round). Then the billing run: statements on the 1st, reminders for due and overdue ones
  // (its own lock).
  const billing = billingSettings(env);
  const stopSweeper = startSweeper(database.db, {
    feeBasisPoints: billing.feeBasisPoints,
    after: (db) => runBilling(db, billing),
  });
  // E-mails and pushes every notification as each user chose; several servers share the work (leased claims).
  const stopDelivery = await startDeliveryWorker({ db: database.db, env, database });
  // Sends the mail outbox over SMTP (JSON transport without SMTP_URL), with retries; see ADR 011.
  const stopMail = await startMailWorker({
    db: database.db,
    database,
    smtpUrl: env.SMTP_URL,
    from: mailFrom(env),
    sendTimeoutMs: env.MAIL_SEND_TIMEOUT_MS,
  });
  // Sends the text-message outbox through the SMS provider (the development mailbox without one).
  const stopSms = await startSmsWorker({ db: database.db, database, provider: smsProviderFor(env) });
  return async () => {
    stopSweeper();
    await stopDelivery();
    await stopMail();
    await stopSms();
  };
}
