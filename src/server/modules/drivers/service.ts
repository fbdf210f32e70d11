/**
 * The drivers record (SPEC §3): business, vehicle, insurance, availability and what the vehicles offer
 * (child seats, wheelchair, pram, boards, bikes, pets), read and edited as one.
 */
import { eq } from 'drizzle-orm';
import { DRIVER_DEFAULTS } from '../../../shared/constants.ts';
import type { DriverProfileDto } from '../../../shared/marketplace/api.ts';
import { WEEKDAYS, type Weekday } from '../../../shared/marketplace/constants.ts';
import { readOffers } from '../../../shared/marketplace/needs.ts';
import type { DriverProfile } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { drivers } from '../../db/schema/index.ts';

type DriverRow = typeof drivers.$inferSelect;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A stable shape whatever older rows hold: every field present, defaults filled in. */
export function toDriverProfileDto(row: DriverRow): DriverProfileDto {
  const v = row.vehicleDetails ?? { capacity: DRIVER_DEFAULTS.vehicleCapacity };
  const i = row.insuranceDetails ?? {};
  const a = row.availability ?? DRIVER_DEFAULTS.availability;
  const days = Array.isArray(a.days) ? a.days : [];
  return {
    userId: row.userId,
    bspNumber: row.bspNumber,
    companyName: row.companyName ?? '',
    vehicle: {
      make: str(v.make),
      model: str(v.model),
      year: typeof v.year === 'number' ? v.year : null,
      color: str(v.color),
      registration: str(v.registration),
      capacity: typeof v.capacity === 'number' ? v.capacity : DRIVER_DEFAULTS.vehicleCapacity,
    },
    insurance: {
      provider: str(i.provider),
      policyNumber: str(i.policy_number),
      expiryDate: str(i.expiry_date),
    },
    availability: {
      days: WEEKDAYS.filter((d: Weekday) => days.includes(d)),
      hours: {
        start: str(a.hours?.start) || DRIVER_DEFAULTS.availability.hours.start,
        end: str(a.hours?.end) || DRIVER_DEFAULTS.availability.hours.end,
      },
    },
    offers: readOffers(row.offers),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getDriverProfile(db: Db, userId: string): Promise<DriverProfileDto | null> {
  const [row] = await db.select().from(drivers).where(eq(drivers.userId, userId)).limit(1);
  return row ? toDriverProfileDto(row) : null;
}

/** Replaces the record's editable fields; null when the user has no drivers record. */
export async function saveDriverProfile(
  db: Db,
  userId: string,
  input: DriverProfile,
): Promise<DriverProfileDto | null> {
  const { vehicle, insurance, availability } = input;
  const [row] = await db
    .update(drivers)
    .set({
      bspNumber: input.bspNumber,
      companyName: input.companyName || null,
      vehicleDetails: {
        make: vehicle.make,
        model: vehicle.model,
        ...(vehicle.year !== undefined ? { year: vehicle.year } : {}),
        color: vehicle.color,
        registration: vehicle.registration,
        capacity: vehicle.capacity,
      },
      insuranceDetails: {
        provider: insurance.provider,
        policy_number: insurance.policyNumber,
        expiry_date: insurance.expiryDate,
      },
      availability: { days: availability.days, hours: availability.hours },
      offers: input.offers,
      updatedAt: new Date(),
    })
    .where(eq(drivers.userId, userId))
    .returning();
  return row ? toDriverProfileDto(row) : null;
}
