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
