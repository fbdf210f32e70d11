/**
 * Reporting a problem with a trip (issue 30 item 6): either side of a booking (its customer or its driver;
 * anyone else reads 404, admins included, who are not a party) files an issue linked to the booking. In one
 * transaction: the issue (title generated from the pickup date and the category, priority from the
 * category), a 'problem_reported' booking event (so it shows in the booking's timeline), the e-mails to
 * support and the reporter, and a notification to every admin: urgent wording for a safety report.
 * Cancelled and completed bookings may be reported on too: problems are often about a cancellation.
 */
import { and, eq, or } from 'drizzle-orm';
import { formatSydneyDateTime } from '../../../shared/marketplace/time.ts';
import { UNKNOWN_ISSUE_EMAIL } from '../../../shared/validation/issues.ts';
import {
  TRIP_PROBLEM_CATEGORY_LABELS,
  TRIP_PROBLEM_PRIORITY,
  type TripProblemInput,
  tripProblemTitle,
} from '../../../shared/validation/trip-problems.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookings, issues, users } from '../../db/schema/index.ts';
import type { Deps, SessionUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { notify } from '../notifications/service.ts';
import { issueBooking } from './booking-summary.ts';
import { recordIssueMails } from './mails.ts';

export const PROBLEM_REPORTED_EVENT = 'problem_reported';

export async function reportTripProblem(
  deps: Deps,
  user: SessionUser,
  input: TripProblemInput,
  screenshotUrl: string | null = null,
) {
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The booking, only when the reporter is one of its two sides; held so it cannot vanish meanwhile.
    const [party] = await tx
      .select({ id: bookings.id, customerId: bookings.customerId })
      .from(bookings)
      .where(
        and(
          eq(bookings.id, input.bookingId),
          or(eq(bookings.customerId, user.id), eq(bookings.driverId, user.id)),
        ),
      )
      .for('share');
    if (!party) throw notFound();
    const booking = (await issueBooking(tx, party.id))!;
    const label = TRIP_PROBLEM_CATEGORY_LABELS[input.category];
    const [row] = await tx
      .insert(issues)
      .values({
        title: tripProblemTitle(booking.pickupAt, input.category),
        description: input.description,
        category: input.category,
        priority: TRIP_PROBLEM_PRIORITY[input.category],
        screenshotUrl,
        userId: user.id,
        userEmail: user.email || UNKNOWN_ISSUE_EMAIL,
        // The side of this booking they report from (a driver can also be someone's customer).
        userType: party.customerId === user.id ? 'customer' : 'driver',
        status: 'pending',
        bookingId: party.id,
      })
      .returning();
    await recordIdempotentEffect(tx, row!.id);
    await tx
      .insert(bookingEvents)
      .values({ bookingId: party.id, type: PROBLEM_REPORTED_EVENT, actorId: user.id, note: label });
    await recordIssueMails(deps, tx, row!, user, booking);

    const urgent = input.category === 'safety';
    const side = party.customerId === user.id ? 'The customer' : 'The driver';
    const when = formatSydneyDateTime(booking.pickupAt);
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
    for (const admin of admins) {
      await notify(tx, {
        userId: admin.id,
        type: 'trip_problem_reported',
        title: urgent ? 'Urgent: a safety problem on a trip' : `A problem on a trip: ${label}`,
        message: `${side} of the booking ${booking.trip}, ${when}, reported: ${label}.`,
        relatedId: row!.id,
      });
    }
    return row!;
  });
}
