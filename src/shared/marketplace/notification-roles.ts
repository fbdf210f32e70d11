/**
 * Which roles receive each notification kind: /settings lists only the kinds the account can get (a
 * customer is not asked about statements, a driver not about quotes they receive). A new kind must say who
 * gets it here, or this file does not compile.
 */
import type { Role } from '../roles.ts';
import type { NotificationType } from './notification-types.ts';

type Receiver = Exclude<Role, 'guest'>;

const C = ['customer'] as const;
const D = ['driver'] as const;
const A = ['admin'] as const;
const CD = ['customer', 'driver'] as const;

export const NOTIFICATION_ROLES: Record<NotificationType, readonly Receiver[]> = {
  ride_matched: D,
  quote_received: C,
  quote_updated: C,
  quote_needs_confirmation: D,
  quote_accepted: D,
  booking_confirmed: C,
  quote_declined: D,
  quote_invited: D,
  booking_cancelled: CD,
  trip_completed: CD,
  rating_received: CD,
  trip_reminder: CD,
  question_asked: C,
  question_answered: D,
  verification_submitted: A,
  verification_approved: D,
  verification_rejected: D,
  verification_suspended: D,
  verification_reinstated: D,
  document_rejected: D,
  document_expiring: D,
  document_expired: D,
  quote_withdrawn: C,
  statement_issued: D,
  statement_due: D,
  statement_overdue: D,
  statement_hold: D,
  statement_paid: D,
  receipt_issued: C,
  driver_on_the_way: C,
  driver_arrived: C,
  trip_update: CD,
  trip_reminder_2h: CD,
  no_show_marked: C,
  no_show_disputed: ['driver', 'admin'],
  trip_problem_reported: A,
  booking_late: A,
  quote_lapsing: C,
  quote_renew: D,
  quote_asked_again: D,
  customer_question: D,
  customer_question_answered: C,
};

/** Whether an account of this role can receive the kind. */
export function roleReceives(role: Role, kind: NotificationType): boolean {
  return role !== 'guest' && NOTIFICATION_ROLES[kind].includes(role);
}
