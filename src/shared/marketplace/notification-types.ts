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
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification leads in the app (the e-mails, push messages and /notifications all use this). */
export function notificationPath(type: string, relatedId: string | null): string {
  if (!relatedId) return '/notifications';
  if (type === 'ride_matched' || type === 'quote_invited' || type === 'quote_needs_confirmation')
    return '/available-rides';
  if (type === 'quote_received' || type === 'quote_updated') return `/driver-matching/${relatedId}`;
  if (type === 'quote_declined') return '/available-rides';
  // Questions before booking: the customer answers on the trip's page; the driver reads the answer on the
  // trip's card, whose questions open by themselves when the address names them.
  if (type === 'question_asked') return `/driver-matching/${relatedId}`;
  if (type === 'question_answered') return `/available-rides#questions-${relatedId}`;
  return `/booking/${relatedId}`;
}
