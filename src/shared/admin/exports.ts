/**
 * Trip-record exports (issue 14): NSW requires booking service providers to keep trip records, and the
 * passenger service levy is counted per completed trip and month.
 */
import { z } from 'zod';

export const EXPORT_LIMITS = { maxDays: 366, maxMonths: 24 } as const;

export const EXPORT_MESSAGES = {
  badDate: 'Use a date like 2026-11-25.',
  badMonth: 'Use a month like 2026-11.',
  badRange: 'The end must be on or after the start.',
  tooLong: `Export at most ${EXPORT_LIMITS.maxDays} days at a time.`,
  tooManyMonths: `Export at most ${EXPORT_LIMITS.maxMonths} months at a time.`,
} as const;

const dayCount = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
const monthCount = (from: string, to: string) => {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
};

const day = z
  .string({ error: EXPORT_MESSAGES.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: EXPORT_MESSAGES.badDate })
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      error: EXPORT_MESSAGES.badDate,
    },
  );
const month = z
  .string({ error: EXPORT_MESSAGES.badMonth })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: EXPORT_MESSAGES.badMonth });

/** Bookings whose pickup falls from `from` to `to` (Sydney dates, inclusive). */
export const tripRecordsQuerySchema = z
  .object({ from: day, to: day })
  .refine((v) => v.from <= v.to, { error: EXPORT_MESSAGES.badRange, path: ['to'] })
  .refine((v) => v.from > v.to || dayCount(v.from, v.to) <= EXPORT_LIMITS.maxDays, {
    error: EXPORT_MESSAGES.tooLong,
    path: ['to'],
  });

/** Completed trips per Sydney month, `from` to `to` (inclusive). */
export const completedTripsQuerySchema = z
  .object({ from: month, to: month })
  .refine((v) => v.from <= v.to, { error: EXPORT_MESSAGES.badRange, path: ['to'] })
  .refine((v) => v.from > v.to || monthCount(v.from, v.to) <= EXPORT_LIMITS.maxMonths, {
    error: EXPORT_MESSAGES.tooManyMonths,
    path: ['to'],
  });

export const TRIP_RECORD_COLUMNS = [
  'Booking ID',
  'Pickup date',
  'Pickup time',
  'Pickup locality',
  'Pickup postcode',
  'Drop-off locality',
  'Drop-off postcode',
  'Passengers',
  'Driver business',
  'Authorisation (BSP) number',
  'ABN',
  'Fare (AUD)',
  'Status',
  'Booked at',
  'Completed at',
  'Cancelled at',
  // Issue 31: how the booking was made (BOOKING_ORIGIN_LABELS), the seats and the run of a run booking.
  'Origin',
  'Seats',
  'Run ID',
] as const;
