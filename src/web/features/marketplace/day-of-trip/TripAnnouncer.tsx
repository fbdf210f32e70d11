/**
 * The customer's headline for the day (issue 30), in a polite live region: "Bay Shuttles is on the way.",
 * "Your driver has arrived at the pickup."... The region is rendered before anything happens, so each
 * change arriving on the event stream is read out by a screen reader, and shown in large type.
 */
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { cn } from '../../../lib/cn.ts';
import { statusAnnouncement } from './texts.ts';

export function announcementOf(b: BookingDto): string {
  if (b.noShowAt) return 'Your driver marked you as a no-show.';
  if (!b.tripStatus) return '';
  return statusAnnouncement(b.tripStatus, b.driverCard.businessName);
}

export function TripAnnouncer({ b, visible }: { b: BookingDto; visible: boolean }) {
  const text = announcementOf(b);
  return (
    <p
      role="status"
      aria-live="polite"
      className={cn(visible && text ? 'text-xl font-bold text-brand-900' : 'sr-only')}
      data-testid="trip-announcer"
    >
      {text}
    </p>
  );
}
