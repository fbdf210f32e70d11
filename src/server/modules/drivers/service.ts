/**
 * The drivers record (SPEC §3): business, vehicle, insurance, availability and what the vehicles offer
 * (child seats, wheelchair, pram, boards, bikes, pets), read and edited as one.
 */
import { eq } from 'drizzle-orm';
import { DRIVER_DEFAULTS } from '../../../shared/constants.ts';
import type { DriverProfileDto } from '../../../shared/marketplace/api.ts';
import { displayLocality } from '../../../shared/marketplace/booking.ts';
import { WEEKDAYS, type Weekday } from '../../../shared/marketplace/constants.ts';
import { readOffers } from '../../../shared/marketplace/needs.ts';
import { VERIFICATION_MESSAGES, type VerificationStatus } from '../../../shared/marketplace/verification.ts';
import type { DriverProfile } from '../../../shared/validation/driver-business.ts';
import type { Db } from '../../db/client.ts';
import { drivers, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { find } from '../../services/places.ts';

type DriverRow = typeof drivers.$inferSelect;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A stable shape whatever older rows hold: every field present, defaults filled in. */
export function toDriverProfileDto(row: DriverRow, avatarUrl: string | null = null): DriverProfileDto {
  const a = row.availability ?? DRIVER_DEFAULTS.availability;
  const days = Array.isArray(a.days) ? a.days : [];
  const base =
    row.baseLocality && row.basePostcode
      ? {
          locality: row.baseLocality,
          postcode: row.basePostcode,
          label: `${displayLocality(row.baseLocality)} NSW ${row.basePostcode}`,
        }
      : null;
  return {
    userId: row.userId,
    bspNumber: row.bspNumber,
    companyName: row.companyName ?? '',
    abn: row.abn ?? '',
    businessPhone: row.businessPhone ?? '',
    businessEmail: row.businessEmail ?? '',
    base,
    serviceRadiusKm: row.serviceRadiusKm,
    description: row.description,
    avatarUrl,
    availability: {
      days: WEEKDAYS.filter((d: Weekday) => days.includes(d)),
      hours: {
        start: str(a.hours?.start) || DRIVER_DEFAULTS.availability.hours.start,
        end: str(a.hours?.end) || DRIVER_DEFAULTS.availability.hours.end,
      },
    },
    offers: readOffers(row.offers),
    verificationStatus: row.verificationStatus as VerificationStatus,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getDriverProfile(db: Db, userId: string): Promise<DriverProfileDto | null> {
  const [row] = await db
    .select({ driver: drivers, avatarUrl: users.avatarUrl })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.userId, userId))
    .limit(1);
  return row ? toDriverProfileDto(row.driver, row.avatarUrl) : null;
}

const baseError = () =>
  new AppError(400, 'validation', VERIFICATION_MESSAGES.baseLocality, [
    { path: 'base', message: VERIFICATION_MESSAGES.baseLocality },
  ]);

/**
 * Replaces the record's editable fields; null when the user has no drivers record. Once a driver is
 * verified (or under review, or suspended), the ABN and BSP number they were checked with are locked.
 */
export async function saveDriverProfile(
  db: Db,
  userId: string,
  input: DriverProfile,
): Promise<DriverProfileDto | null> {
  const base = input.base ? find(input.base.locality, input.base.postcode) : null;
  if (input.base && !base) throw baseError();
  const [current] = await db.select().from(drivers).where(eq(drivers.userId, userId)).limit(1);
  if (!current) return null;
  const locked = ['verified', 'pending_review', 'suspended'].includes(current.verificationStatus);
  if (locked && ((current.abn ?? '') !== input.abn || current.bspNumber !== input.bspNumber)) {
    throw new AppError(409, 'conflict', VERIFICATION_MESSAGES.lockedWhileVerified);
  }
  const { availability } = input;
  await db
    .update(drivers)
    .set({
      bspNumber: input.bspNumber,
      companyName: input.companyName || null,
      abn: input.abn || null,
      businessPhone: input.businessPhone || null,
      businessEmail: input.businessEmail || null,
      baseLocality: base?.locality ?? null,
      basePostcode: base?.postcode ?? null,
      baseLat: base?.lat ?? null,
      baseLng: base?.lng ?? null,
      serviceRadiusKm: input.serviceRadiusKm,
      description: input.description,
      availability: { days: availability.days, hours: availability.hours },
      offers: input.offers,
      updatedAt: new Date(),
    })
    .where(eq(drivers.userId, userId));
  return getDriverProfile(db, userId);
}
