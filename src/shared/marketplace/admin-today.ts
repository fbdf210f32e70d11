/** GET /api/admin/today (issue 30): every booking of the current Sydney day, for administrators. */
import type { BookingStatus } from '../admin/bookings.ts';
import type { BookingOrigin } from './booking-origin.ts';
import type { Lateness } from './late.ts';
import type { TripStatus } from './trip-status.ts';

/** One end of the trip: the locality, and the named place or street address when one was given. */
export interface TodayPlaceDto {
  /** "Nelson Bay". */
  locality: string;
  /** "Newcastle Airport (NTL)" or "35 Stockton St"; '' when none. */
  place: string;
  /** The named place, when the end is one: the trip is named by it (place-names.ts). */
  name?: string | null;
}

/** A phone number as people write it and its tel: link; null when the account has none. */
export interface TodayPhoneDto {
  display: string;
  href: string;
}

export interface AdminTodayRowDto {
  id: string;
  pickupAt: string;
  from: TodayPlaceDto;
  to: TodayPlaceDto;
  status: BookingStatus;
  tripStatus: TripStatus | null;
  tripStatusAt: string | null;
  driver: { id: string; name: string; businessName: string | null; phone: TodayPhoneDto | null };
  customer: { id: string; name: string; phone: TodayPhoneDto | null };
  /** How the booking was made (issue 31), with the seats of a seat booking. */
  origin: BookingOrigin;
  seats: number | null;
  /** Why the booking is late now (lateness in late.ts), or null. */
  late: Lateness | null;
}

export interface AdminTodayDto {
  /** The Sydney date listed, 'YYYY-MM-DD'. */
  date: string;
  /** When the server read the list (the late markers are as of then). */
  asOf: string;
  bookings: AdminTodayRowDto[];
}
