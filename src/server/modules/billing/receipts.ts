/**
 * Customer receipts (issue 15): the driver marks a completed trip paid (cash, card or transfer) and the
 * customer gets a receipt for the fare they paid the driver directly, in the driver's business name with
 * its ABN, by e-mail (the notification) and in the app (on the booking). One per booking (a unique index).
 */
import { eq, sql } from 'drizzle-orm';
import {
  formatAbn,
  RECEIPT_MESSAGES,
  RECEIPT_METHODS,
  type ReceiptDto,
  type ReceiptMethod,
} from '../../../shared/billing.ts';
import { formatPickupSydney } from '../../../shared/marketplace/booking.ts';
import { formatAud, toCents } from '../../../shared/marketplace/money.ts';
import type { Db } from '../../db/client.ts';
import { bookings, drivers, receipts, rides, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { rideRoute } from '../../services/places.ts';
import { notify } from '../notifications/service.ts';

const conflict = (message: string) => new AppError(409, 'conflict', message);

export function toReceiptDto(r: typeof receipts.$inferSelect): ReceiptDto {
  return {
    id: r.id,
    number: r.number,
    bookingId: r.bookingId,
    amountCents: r.amountCents,
    method: r.method as ReceiptMethod,
    paidAt: r.paidAt.toISOString(),
    issuer: { name: r.issuerName, abn: r.issuerAbn },
    customerName: r.customerName,
    trip: r.trip,
    pickupAt: r.pickupAt.toISOString(),
  };
}

/** The receipt of a booking, for either side of it; null when none (404 for anyone else). */
export async function receiptFor(db: Db, userId: string, bookingId: string): Promise<ReceiptDto | null> {
  const [b] = await db
    .select({ customerId: bookings.customerId, driverId: bookings.driverId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!b || (b.customerId !== userId && b.driverId !== userId)) throw notFound();
  const [r] = await db.select().from(receipts).where(eq(receipts.bookingId, bookingId));
  return r ? toReceiptDto(r) : null;
}

export async function issueReceipt(
  db: Db,
  driverId: string,
  bookingId: string,
  input: { method: ReceiptMethod; amount?: number },
): Promise<ReceiptDto> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [b] = await tx
      .select({
        booking: bookings,
        ends: {
          pickupLocality: rides.pickupLocality,
          pickupPostcode: rides.pickupPostcode,
          pickupAddress: rides.pickupAddress,
          destinationLocality: rides.destinationLocality,
          destinationPostcode: rides.destinationPostcode,
          destinationAddress: rides.destinationAddress,
        },
        pickupAt: rides.pickupAt,
      })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    if (!b || (b.booking.driverId !== driverId && b.booking.customerId !== driverId)) throw notFound();
    if (b.booking.driverId !== driverId) throw new AppError(403, 'forbidden', RECEIPT_MESSAGES.onlyDriver);
    if (b.booking.status !== 'completed') throw conflict(RECEIPT_MESSAGES.notCompleted);
    const amountCents = input.amount === undefined ? b.booking.priceCents : toCents(input.amount);
    if (amountCents <= 0 || amountCents > b.booking.priceCents)
      throw new AppError(400, 'validation', RECEIPT_MESSAGES.amountRange, [
        { path: 'amount', message: RECEIPT_MESSAGES.amountRange },
      ]);
    const [issuer] = await tx
      .select({ name: users.fullName, company: drivers.companyName, abn: drivers.abn })
      .from(users)
      .leftJoin(drivers, eq(drivers.userId, users.id))
      .where(eq(users.id, driverId));
    const [customer] = await tx
      .select({ name: users.fullName })
      .from(users)
      .where(eq(users.id, b.booking.customerId));
    const trip = rideRoute(b.ends, { words: true });
    const [row] = await tx
      .insert(receipts)
      .values({
        number: sql`'R-' || lpad(nextval('receipt_number_seq')::text, 5, '0')`,
        bookingId,
        driverId,
        customerId: b.booking.customerId,
        amountCents,
        method: input.method,
        issuerName: issuer?.company || issuer?.name || 'Your driver',
        issuerAbn: issuer?.abn ?? null,
        customerName: customer?.name ?? '',
        trip,
        pickupAt: b.pickupAt,
      })
      .onConflictDoNothing({ target: receipts.bookingId })
      .returning();
    if (!row) throw conflict(RECEIPT_MESSAGES.alreadyIssued);
    const abn = row.issuerAbn ? ` (ABN ${formatAbn(row.issuerAbn)})` : '';
    await notify(tx, {
      userId: row.customerId,
      type: 'receipt_issued',
      title: `Receipt ${row.number} from ${row.issuerName}`,
      message: `${row.issuerName}${abn} received ${formatAud(amountCents)} by ${RECEIPT_METHODS[input.method].toLowerCase()} for your trip ${trip} on ${formatPickupSydney(b.pickupAt)}. Receipt ${row.number}; keep it for your records.`,
      relatedId: bookingId,
    });
    return toReceiptDto(row);
  });
}
