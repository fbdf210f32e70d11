/** The admin dashboard's figures (issue 14): one period of 7, 30 or 90 days ending today (Sydney). */

import { z } from 'zod';
import type { BookingOrigin } from '../marketplace/booking-origin.ts';
import { plural } from '../plural.ts';

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const dashboardQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((n): n is DashboardPeriod => (DASHBOARD_PERIODS as readonly number[]).includes(n), {
      error: 'Choose 7, 30 or 90 days.',
    })
    .optional()
    .default(30),
});

/** Trips within this many hours with no quote or no booking need attention. */
export const ATTENTION_HOURS = 24;
/** Documents expiring within this many days need attention. */
export const ATTENTION_DOCUMENT_DAYS = 30;

/** One value per Sydney day of the period, oldest first. */
export interface DailySeries {
  dates: string[];
  values: number[];
}

export interface AttentionTripDto {
  id: string;
  route: string;
  pickupAt: string;
  quotes: number;
  customerName: string;
}

export interface DashboardDto {
  period: { days: DashboardPeriod; from: string; to: string };
  signups: { customer: number; driver: number; total: number; customers: DailySeries; drivers: DailySeries };
  trips: { posted: number; daily: DailySeries };
  quotes: { total: number; perTrip: number | null; medianMinutesToFirstQuote: number | null };
  conversion: { trips: number; booked: number; rate: number | null };
  cancellations: { byCustomer: number; byDriver: number; byAdmin: number; late: number };
  completed: { total: number; daily: DailySeries };
  ratings: { count: number; average: number | null; ofDrivers: number | null; ofCustomers: number | null };
  pageViews: { total: number; daily: DailySeries };
  /**
   * Issue 31, how the period's bookings were made (bookings made in the period, whatever their status now)
   * and what runs sold. Seats and kilometres count only run bookings still confirmed or completed.
   */
  origins: {
    bookings: number;
    byOrigin: Record<BookingOrigin, number>;
    /** Instant-price bookings out of all bookings made in the period (null: none made). */
    instantShare: number | null;
    /** Runs drivers published in the period (cancelled ones included: they were published). */
    runsPublished: number;
    /** Seats sold on runs (seat bookings); a whole-vehicle booking is counted in byOrigin, not here. */
    seatsSold: number;
    /**
     * Kilometres driven with passengers that would have been empty: the trip distance of every run booking
     * (seats or whole vehicle), each booking counted on its own, 0.1 km.
     */
    runKm: number;
  };
  attention: {
    tripsWithoutQuote: AttentionTripDto[];
    tripsWithoutBooking: AttentionTripDto[];
    driversAwaitingReview: number;
    documentsExpiring: number;
    openIssues: number;
    /** Bookings of today (Sydney) whose driver is late now (issue 30: shared/marketplace/late.ts). */
    lateToday: number;
    clientErrors: { last24h: number; dailyAverage: number; rising: boolean };
  };
}

/** The small print under the dashboard's figures, counted with the one plural rule (issue 32). */
export const DASHBOARD_DETAILS = {
  signups: (s: DashboardDto['signups']) => `${plural(s.customer, 'customer')}, ${plural(s.driver, 'driver')}`,
  quotes: (q: DashboardDto['quotes']) => `${plural(q.total, 'quote')} sent`,
  conversion: (c: DashboardDto['conversion']) => `${c.booked} of ${plural(c.trips, 'trip')} posted`,
};
