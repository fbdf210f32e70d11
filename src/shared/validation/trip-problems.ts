/**
 * A problem reported on a booking (issue 30 item 6): its categories, priorities, generated title, messages
 * and the schema the dialog and the API share. It is stored as an issue linked to the booking.
 */
import { formatDateWithWeekday } from '../format.ts';
import { keysOf } from '../labelled.ts';
import { z } from './z.ts';

export const TRIP_PROBLEM_CATEGORY_LABELS = {
  late: 'Late',
  no_show: 'No-show',
  not_as_booked: 'Vehicle or driver not as booked',
  safety: 'Safety',
  fare_dispute: 'Fare dispute',
  other: 'Other',
};
export const TRIP_PROBLEM_CATEGORIES = keysOf(TRIP_PROBLEM_CATEGORY_LABELS);
export type TripProblemCategory = (typeof TRIP_PROBLEM_CATEGORIES)[number];

/** What each category means, as the dialog explains it (the other side may read these too). */
export const TRIP_PROBLEM_CATEGORY_HINTS: Record<TripProblemCategory, string> = {
  late: 'The pickup or the drop-off was late.',
  no_show: 'Nobody came, or the passenger was not there.',
  not_as_booked: 'Another vehicle, driver or service than the one booked.',
  safety: 'Someone felt unsafe or was hurt. Sent to our team at once.',
  fare_dispute: 'The fare asked was not the one agreed.',
  other: 'Anything else about this trip.',
};

/**
 * How urgent each is for the admins' triage: a safety report is critical (and every admin is notified at
 * once); a trip that did not happen or was not what was booked comes before lateness and money.
 */
export const TRIP_PROBLEM_PRIORITY: Record<TripProblemCategory, 'medium' | 'high' | 'critical'> = {
  late: 'medium',
  no_show: 'high',
  not_as_booked: 'high',
  safety: 'critical',
  fare_dispute: 'medium',
  other: 'medium',
};

export const TRIP_PROBLEM_DESCRIPTION_MIN = 10;
export const TRIP_PROBLEM_DESCRIPTION_MAX = 5000;

export const TRIP_PROBLEM_MESSAGES = {
  bookingRequired: 'Choose the booking the problem is about.',
  categoryRequired: 'Choose what went wrong.',
  descriptionTooShort: `Tell us what happened in at least ${TRIP_PROBLEM_DESCRIPTION_MIN} characters.`,
  descriptionTooLong: `Keep the description to ${TRIP_PROBLEM_DESCRIPTION_MAX} characters.`,
  sentTitle: 'Problem reported',
  sent: 'Thank you. Our team has the report with your booking and will reply by e-mail.',
  sentSafety:
    'Thank you. Our team has been alerted at once. If anyone is in danger, call 000 (police, ambulance, fire).',
  failed: 'The report could not be sent. Please try again.',
} as const;

export const tripProblemSchema = z.object({
  bookingId: z.uuid({ error: TRIP_PROBLEM_MESSAGES.bookingRequired }),
  category: z.enum(TRIP_PROBLEM_CATEGORIES, { error: TRIP_PROBLEM_MESSAGES.categoryRequired }),
  description: z
    .string({ error: TRIP_PROBLEM_MESSAGES.descriptionTooShort })
    .trim()
    .min(TRIP_PROBLEM_DESCRIPTION_MIN, TRIP_PROBLEM_MESSAGES.descriptionTooShort)
    .max(TRIP_PROBLEM_DESCRIPTION_MAX, TRIP_PROBLEM_MESSAGES.descriptionTooLong),
});
export type TripProblemInput = z.infer<typeof tripProblemSchema>;

export function isTripProblemCategory(value: string): value is TripProblemCategory {
  return (TRIP_PROBLEM_CATEGORIES as readonly string[]).includes(value);
}

/** The title: 'Problem with booking on Mon 5 Apr 2027: Late' (the pickup's Sydney date). */
export function tripProblemTitle(pickupAt: Date | string, category: TripProblemCategory): string {
  return `Problem with booking on ${formatDateWithWeekday(pickupAt)}: ${TRIP_PROBLEM_CATEGORY_LABELS[category]}`;
}
