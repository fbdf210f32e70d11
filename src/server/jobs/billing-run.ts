/**
 * The billing round, after every expiry sweep (each minute): issue the statements due (on the 1st; a
 * no-op on every other round, as nothing unbilled is older than the month), then send the reminders due.
 */
import type { Db } from '../db/client.ts';
import { sendStatementReminders } from '../modules/billing/reminders.ts';
import type { BillingSettings } from '../modules/billing/settings.ts';
import { issueStatements } from '../modules/billing/statements.ts';

export async function runBilling(db: Db, settings: BillingSettings, now = new Date()): Promise<void> {
  await issueStatements(db, settings, now);
  await sendStatementReminders(db);
}
