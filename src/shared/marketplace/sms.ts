/**
 * Text messages (issue 30): which notification kinds are also sent as an SMS, and the words the settings
 * page and the API use about them. Texts go out only for the moments that matter when nobody looks at a
 * screen; everything else stays e-mail, push and in-app.
 */
import type { NotificationType } from './notification-types.ts';

/** The kinds that send a text message (to whom: src/server/modules/sms/texts.ts). */
export const SMS_KINDS = [
  'booking_confirmed',
  'quote_accepted',
  'driver_on_the_way',
  'driver_arrived',
  'trip_reminder',
  'trip_reminder_2h',
  'booking_cancelled',
  'no_show_marked',
] as const satisfies readonly NotificationType[];
export type SmsKind = (typeof SMS_KINDS)[number];

export function isSmsKind(kind: string): kind is SmsKind {
  return (SMS_KINDS as readonly string[]).includes(kind);
}

export const SMS_MESSAGES = {
  /** PUT /api/notification-preferences with `sms` for a kind that sends no text. */
  notForKind: 'Text messages are not sent for this kind of notification.',
  smsMustBeBoolean: 'sms must be true or false.',
  /** The settings table's cell for a kind without texts (read by screen readers). */
  noTexts: 'No text messages for this kind',
} as const;
