/**
 * Once a trip is booked (a quote accepted, an instant price or a run's seats: issue 31), every other live
 * quote on it is declined and its driver told once; a pair quote's other half is declined too.
 */
import { and, inArray, sql } from 'drizzle-orm';
import { anyOfPlaceholder } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { quotes, type rides } from '../../db/schema/index.ts';
import type { NewNotification } from '../notifications/service.ts';
import { declineOtherHalves } from '../rides/cancel.ts';
import { LIVE, tripName } from './rules.ts';

/**
 * `booked`: the trips just booked; `keep`: the quotes they were booked with (not declined). Returns the
 * declined drivers' notifications, not yet written: the caller writes them with the booking's own in one
 * statement (notifyAll; issue 34).
 */
export async function declineOtherQuotes(
  tx: Db,
  booked: (typeof rides.$inferSelect)[],
  keep: string[],
): Promise<NewNotification[]> {
  const rideIds = booked.map((r) => r.id);
  // Prepared (db/prepared.ts): every booking runs it (issue 34).
  const declined = await prepared(tx, 'decline_other_quotes', (d) =>
    d
      .update(quotes)
      .set({ status: 'declined', updatedAt: sql`now()` })
      .where(
        and(
          anyOfPlaceholder(quotes.rideId, 'rideIds'),
          inArray(quotes.status, LIVE),
          sql`${quotes.id} <> all(${sql.placeholder('keep')}::uuid[])`,
        ),
      )
      .returning({ driverId: quotes.driverId, rideId: quotes.rideId, bundleId: quotes.bundleId })
      .prepare('decline_other_quotes'),
  ).execute({ rideIds, keep });
  const told = new Set<string>();
  const messages: NewNotification[] = [];
  for (const d of declined) {
    // One message per driver and request (a pair quote's two halves are one offer).
    const key = d.bundleId ?? `${d.driverId}:${d.rideId}`;
    if (told.has(key)) continue;
    told.add(key);
    const ride = booked.find((r) => r.id === d.rideId)!;
    messages.push({
      userId: d.driverId,
      type: 'quote_declined',
      title: 'Quote not chosen',
      message: `The customer booked another driver for the trip ${tripName(ride)}.`,
      relatedId: ride.id,
    });
  }
  // Other drivers' prices for both legs of a pair, when only one leg was booked here: the other half
  // is declined too (they may quote that leg alone).
  await declineOtherHalves(
    tx,
    declined,
    'The customer booked one leg of this return trip with another driver, so your price for both legs was declined. You can quote the other leg on its own.',
  );
  return messages;
}
