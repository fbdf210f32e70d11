/**
 * The fee ledger (issue 15): a booking owes the platform fee while it is completed and not marked as not
 * having taken place (NOT_TAKEN_PLACE_FLAGS). Call `syncBookingFee` in the transaction of every change to
 * a booking's status or flag: it compares what the booking owes with the sum of its lines and appends the
 * line that makes them agree (a fee, or the exact negative of the net so far). Lines are never updated or
 * deleted, so a fee already on an issued statement is reversed on the next one.
 */
import { eq, sql } from 'drizzle-orm';
import { feeForFare, NOT_TAKEN_PLACE_FLAGS, reversalOf } from '../../../shared/billing.ts';
import type { Db } from '../../db/client.ts';
import { billingLines, bookings } from '../../db/schema/index.ts';

export interface SyncFee {
  bookingId: string;
  /** Who caused the change: the driver completing, the administrator flagging. */
  actorId: string | null;
  feeBasisPoints: number;
}

/** Appends the line that brings the booking's fee in line with its state; returns it, or null if none. */
export async function syncBookingFee(tx: Db, f: SyncFee) {
  // The booking row is locked so two changes to one booking append their lines one after the other.
  const [booking] = await tx
    .select({
      status: bookings.status,
      flag: bookings.adminFlag,
      driverId: bookings.driverId,
      priceCents: bookings.priceCents,
    })
    .from(bookings)
    .where(eq(bookings.id, f.bookingId))
    .for('update');
  if (!booking) return null;
  const [net] = await tx
    .select({
      fareCents: sql<number>`coalesce(sum(${billingLines.fareCents}), 0)::int`,
      feeCents: sql<number>`coalesce(sum(${billingLines.feeCents}), 0)::int`,
      gstCents: sql<number>`coalesce(sum(${billingLines.gstCents}), 0)::int`,
      lines: sql<number>`count(*)::int`,
    })
    .from(billingLines)
    .where(eq(billingLines.bookingId, f.bookingId));
  const owes =
    booking.status === 'completed' &&
    !(NOT_TAKEN_PLACE_FLAGS as readonly string[]).includes(booking.flag ?? '');
  // A booking's lines net to either nothing or one fee: it owes when that net is a fee.
  const owing = (net?.fareCents ?? 0) > 0;
  if (owes === owing) return null;
  const amounts = owes
    ? feeForFare(booking.priceCents, f.feeBasisPoints)
    : reversalOf({ fareCents: net!.fareCents, feeCents: net!.feeCents, gstCents: net!.gstCents });
  const rate = owes ? f.feeBasisPoints : await lastFeeRate(tx, f.bookingId);
  const [line] = await tx
    .insert(billingLines)
    .values({
      driverId: booking.driverId,
      bookingId: f.bookingId,
      kind: owes ? 'fee' : 'reversal',
      ...amounts,
      feeBasisPoints: rate,
      actorId: f.actorId,
    })
    .returning();
  return line ?? null;
}

/** The rate of the fee being reversed (a reversal shows the rate it undoes). */
async function lastFeeRate(tx: Db, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ rate: billingLines.feeBasisPoints })
    .from(billingLines)
    .where(sql`${billingLines.bookingId} = ${bookingId} and ${billingLines.kind} = 'fee'`)
    .orderBy(sql`${billingLines.occurredAt} desc`)
    .limit(1);
  return row?.rate ?? 0;
}
