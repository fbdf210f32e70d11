/** The notification kinds a user can choose channels for, with the labels /settings shows. */
import {
  NOTIFICATION_TYPES,
  type NotificationType,
  notificationPath,
} from '../../../shared/marketplace/notification-types.ts';

export const NOTIFICATION_KIND_LABELS: Record<NotificationType, string> = {
  ride_matched: 'New trip requests that match my area',
  quote_received: 'A driver sent me a quote',
  quote_updated: 'A driver changed a quote',
  quote_needs_confirmation: 'A quote needs my confirmation after a trip change',
  quote_accepted: 'My quote was accepted: new booking',
  booking_confirmed: 'My booking is confirmed',
  quote_declined: 'My quote was not chosen',
  quote_invited: 'A trip I quoted for is open again',
  booking_cancelled: 'A booking was cancelled',
  trip_completed: 'A trip was completed',
  rating_received: 'I received a rating',
  trip_reminder: 'Reminder 24 hours before pickup',
  question_asked: 'A driver asked about my trip',
  question_answered: 'A customer answered a question about a trip',
  verification_submitted: 'A driver submitted their business for review',
  verification_approved: 'My business was verified',
  verification_rejected: 'My business was not approved',
  verification_suspended: 'My business was suspended',
  verification_reinstated: 'My business was reinstated',
  document_rejected: 'A compliance document was not approved',
  document_expiring: 'A compliance document expires soon',
  document_expired: 'A compliance document expired',
  quote_withdrawn: "A quote was withdrawn because the driver can't take trips now",
  statement_issued: 'My monthly statement is ready',
  statement_due: 'My statement is due',
  statement_overdue: 'My statement is overdue',
  statement_hold: 'Quoting is paused until I pay',
  statement_paid: 'My statement payment was received',
  receipt_issued: 'A driver sent me a receipt',
  driver_on_the_way: 'My driver is on the way',
  driver_arrived: 'My driver is at the pickup',
  trip_update: 'Trip updates on the day: on board, dropped off, running late',
  trip_reminder_2h: 'Reminder 2 hours before pickup',
  no_show_marked: 'My driver marked me a no-show',
  no_show_disputed: 'A customer disputed a no-show',
  trip_problem_reported: 'A problem was reported on a trip',
  booking_late: 'A driver is running late for a pickup',
  quote_lapsing: 'A quote I have lapses within 12 hours',
  quote_renew: 'My quote lapses soon: renew it',
  quote_asked_again: 'A customer asked me to quote again',
  customer_question: 'A customer asked about my quote',
  customer_question_answered: 'A driver answered my question about a quote',
};

export const NOTIFICATION_KINDS = NOTIFICATION_TYPES;
export { notificationPath };

export function isNotificationKind(kind: string): kind is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(kind);
}

/** Kinds whose e-mail carries the booking's calendar invitation (.ics). */
export const CALENDAR_KINDS: readonly string[] = [
  'quote_accepted',
  'booking_confirmed',
  'booking_cancelled',
  'trip_reminder',
];
