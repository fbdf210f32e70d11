/** The kinds of in-app notification the marketplace creates. */
export const NOTIFICATION_TYPES = [
  'ride_matched',
  'quote_received',
  'quote_updated',
  'quote_needs_confirmation',
  'quote_accepted',
  'booking_confirmed',
  'quote_declined',
  'quote_invited',
  'booking_cancelled',
  'trip_completed',
  'rating_received',
  'trip_reminder',
  'question_asked',
  'question_answered',
  // Drivers as verified businesses (issue 13).
  /** To every admin: a driver submitted their details for review (relatedId: the driver's user id). */
  'verification_submitted',
  /** To the driver (relatedId: their user id). */
  'verification_approved',
  'verification_rejected',
  'verification_suspended',
  'verification_reinstated',
  /** To the driver (relatedId: the document id). */
  'document_rejected',
  'document_expiring',
  'document_expired',
  /** To a customer: a quote was withdrawn because its driver's documents expired or they were suspended. */
  'quote_withdrawn',
  // Driver billing (issue 15). To the driver (relatedId: the statement id).
  'statement_issued',
  'statement_due',
  'statement_overdue',
  /** Quoting is paused until an overdue statement is paid. */
  'statement_hold',
  'statement_paid',
  /** To the customer (relatedId: the booking id): a receipt for the fare paid to the driver. */
  'receipt_issued',
  // The day of the trip (issue 30). relatedId: the booking id, unless said otherwise.
  /** To the customer: the driver set off, or is at the pickup (also a text message). */
  'driver_on_the_way',
  'driver_arrived',
  /** To the other side: on board, dropped off; the customer running late or at the pickup. */
  'trip_update',
  /** To both sides, 2 hours before pickup (the 24-hour one is trip_reminder). */
  'trip_reminder_2h',
  /** To the customer: the driver marked them a no-show. */
  'no_show_marked',
  /** To the driver and every admin: the customer disputed a no-show. */
  'no_show_disputed',
  /** To every admin (relatedId: the issue id): a problem reported on a booking; urgent for safety. */
  'trip_problem_reported',
  /** To every admin: a driver has not set off 30 minutes before pickup, or not arrived 10 after it. */
  'booking_late',
  // Quotes that do not lapse quietly (issue 31). relatedId: the ride id.
  /** To the customer: a quote lapses within 12 hours. */
  'quote_lapsing',
  /** To the driver: their quote lapses within 12 hours; renew it with one tap. */
  'quote_renew',
  /** To the driver: the customer asked them to quote again after their quote lapsed. */
  'quote_asked_again',
  // Customers' questions about a quote (issue 32). relatedId: the ride id.
  /** To the driver: the customer asked them about their quote (the driver answers on the trip's card). */
  'customer_question',
  /** To the customer: the driver answered their question (on the trip's page). */
  'customer_question_answered',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification leads in the app (the e-mails, push messages and /notifications all use this). */
export function notificationPath(type: string, relatedId: string | null): string {
  if (!relatedId) return '/notifications';
  if (type === 'ride_matched' || type === 'quote_invited' || type === 'quote_needs_confirmation')
    return '/available-rides';
  if (type === 'quote_received' || type === 'quote_updated' || type === 'quote_lapsing')
    return `/driver-matching/${relatedId}`;
  if (type === 'quote_renew' || type === 'quote_asked_again') return `/available-rides#ride-${relatedId}`;
  if (type === 'quote_declined') return '/available-rides';
  // Questions before booking: the customer answers on the trip's page; the driver reads the answer on the
  // trip's card, whose questions open by themselves when the address names them.
  if (type === 'question_asked') return `/driver-matching/${relatedId}`;
  if (type === 'question_answered' || type === 'customer_question')
    return `/available-rides#questions-${relatedId}`;
  if (type === 'customer_question_answered') return `/driver-matching/${relatedId}#questions`;
  if (type === 'verification_submitted') return `/admin/verifications/${relatedId}`;
  if (type.startsWith('verification_')) return '/driver-profile#verification';
  if (type.startsWith('document_')) return '/driver-profile#documents';
  if (type === 'quote_withdrawn') return `/driver-matching/${relatedId}`;
  if (type.startsWith('statement_')) return `/driver-billing/${relatedId}`;
  if (type === 'trip_problem_reported') return `/admin/issues/${relatedId}`;
  if (type === 'booking_late') return `/admin/bookings/${relatedId}`;
  return `/booking/${relatedId}`;
}
