/** Admin booking oversight (issue 14): the list's filters, the flags, the timeline, the actions' inputs. */
import { z } from 'zod';
import { BOOKING_ORIGIN_LABELS, BOOKING_ORIGINS, type BookingOrigin } from '../marketplace/booking-origin.ts';
import { ADMIN_LIMITS, ADMIN_USER_MESSAGES, adminReasonSchema } from './users.ts';

export const BOOKING_STATUSES = ['confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_FLAGS = {
  customer_no_show: 'Customer did not show',
  driver_no_show: 'Driver did not show',
  disputed: 'Disputed',
} as const;
export type BookingFlag = keyof typeof BOOKING_FLAGS;
const FLAG_KEYS = Object.keys(BOOKING_FLAGS) as [BookingFlag, ...BookingFlag[]];

export const BOOKING_ADMIN_MESSAGES = {
  sameFlag: 'The booking already has this mark.',
  noFlag: 'The booking has no mark to clear.',
  flagNotYet: 'A no-show can only be marked once the pickup time has passed.',
  badOrigin: `Choose how the booking was made: ${BOOKING_ORIGINS.map((o) => `${o} (${BOOKING_ORIGIN_LABELS[o]})`).join(', ')}.`,
} as const;

export const bookingFlagSchema = adminReasonSchema.extend({
  /** null clears the mark. */
  flag: z.enum(FLAG_KEYS, { error: 'Choose a mark.' }).nullable(),
});

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: ADMIN_USER_MESSAGES.badDate });

export const bookingListQuerySchema = z
  .object({
    status: z.enum(BOOKING_STATUSES).optional(),
    flag: z.enum(FLAG_KEYS).optional(),
    /** How the booking was made (issue 31): quote, instant, run_seat or run_vehicle. */
    origin: z.enum(BOOKING_ORIGINS, { error: BOOKING_ADMIN_MESSAGES.badOrigin }).optional(),
    /** Pickup date range, Sydney dates. */
    from: date.optional(),
    to: date.optional(),
    /** A driver's or customer's name, e-mail or business name (substring). */
    driver: z.string().trim().max(ADMIN_LIMITS.searchMax).optional(),
    customer: z.string().trim().max(ADMIN_LIMITS.searchMax).optional(),
    cursor: z.string().max(400).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(ADMIN_LIMITS.pageMax)
      .optional()
      .default(ADMIN_LIMITS.pageDefault),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: ADMIN_USER_MESSAGES.badRange, path: ['to'] });

export interface AdminBookingRowDto {
  id: string;
  pickupAt: string;
  route: string;
  status: BookingStatus;
  flag: BookingFlag | null;
  lateCancellation: boolean;
  price: number;
  /** How the booking was made (issue 31), with the seats and the run of a run booking. */
  origin: BookingOrigin;
  seats: number | null;
  runId: string | null;
  customer: { id: string; name: string; email: string };
  driver: { id: string; name: string; email: string; businessName: string | null };
}

export interface AdminBookingListDto {
  bookings: AdminBookingRowDto[];
  nextCursor: string | null;
}

/** One line of a booking's timeline, oldest first. */
export interface TimelineEntryDto {
  at: string;
  kind: 'event' | 'notification' | 'rating' | 'note' | 'audit';
  /** What happened, in words. */
  text: string;
  /** Who: a name, "ShuttleQuote" or an admin's e-mail. */
  by: string | null;
  /** A reason, a note, a comment. */
  detail: string | null;
  /** For notifications: in-app, plus how the e-mail and push went (sent, failed, skipped, pending). */
  delivery?: { email: string | null; push: string | null };
}

export interface AdminBookingDetailDto {
  booking: AdminBookingRowDto & {
    rideId: string;
    cancelReason: string | null;
    flagReason: string | null;
    flaggedAt: string | null;
  };
  timeline: TimelineEntryDto[];
}
