/** The kinds of in-app notification the marketplace creates. */
export const NOTIFICATION_TYPES = [
  'ride_matched',
  'quote_received',
  'quote_updated',
  'quote_needs_confirmation',
  'quote_accepted',
  'quote_declined',
  'quote_invited',
  'booking_cancelled',
  'trip_completed',
  'rating_received',
  'trip_reminder',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
