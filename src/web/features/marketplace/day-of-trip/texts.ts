/**
 * The words of the day-of-trip screens (issue 30) in one place: the driver's one-tap buttons, what the
 * customer's live region announces for each status, and the notices. The statuses' own names are
 * TRIP_STATUS_LABELS (shared/marketplace/trip-status.ts).
 */
import type { TripStatus } from '../../../../shared/marketplace/trip-status.ts';

/** The driver's button for the status they can set next. */
export const NEXT_STATUS_BUTTON: Record<TripStatus, string> = {
  on_the_way: "I'm on my way",
  arrived: "I've arrived",
  on_board: 'Customer on board',
  dropped_off: 'Dropped off',
};

/** What the customer's live region says when the status arrives. */
export function statusAnnouncement(status: TripStatus, business: string): string {
  switch (status) {
    case 'on_the_way':
      return `${business} is on the way.`;
    case 'arrived':
      return 'Your driver has arrived at the pickup.';
    case 'on_board':
      return "You're on board. Have a good trip.";
    case 'dropped_off':
      return "You've been dropped off: the trip is complete.";
  }
}

/** The driver's confirmation under the button, after each tap. */
export const DRIVER_STATUS_DONE: Record<TripStatus, string> = {
  on_the_way: 'The customer has been told you are on your way.',
  arrived: 'The customer has been told you have arrived. The free waiting time has started.',
  on_board: 'On board: your position is no longer shared.',
  dropped_off: 'Dropped off: the trip is complete.',
};

export const DAY_TEXT = {
  waitingLeft: (left: string) => `Free waiting: ${left} left`,
  waitingOver: 'Free waiting is over',
  startFrom: (time: string) => `You can start from ${time}`,
  startLater: (time: string) =>
    `On the day, from ${time}, you set this trip's status here, one tap each: the customer sees it at once.`,
  shareLabel: 'Share my position with the customer',
  shareExplain: (customer: string) =>
    `While you are on the way and waiting at the pickup, this phone sends its position about every 10 seconds. Only ${customer} sees it, as a distance and a time to the pickup. Only the latest position is kept, and it is deleted once the customer is on board. Sharing stops when you switch it off, leave this page, or the customer is on board.`,
  shareDenied:
    'This phone did not give its position. Allow location for this site in the browser settings, then switch sharing off and on again.',
  shareUnsupported: 'This browser cannot share its position.',
  shareNoFix: 'This phone could not find its position just now. It keeps trying.',
  lastSent: (time: string) => `Position last sent at ${time}.`,
  noShowButton: "Customer didn't show up",
  noShowTitle: 'Mark the customer a no-show?',
  noShowExplain:
    'The trip ends here. The customer is told by notification, e-mail and text message, and can dispute it within 48 hours.',
  notHappenedButton: "The trip didn't happen",
  disputeButton: 'Dispute this no-show',
  distance: (minutes: number, km: number) => `About ${minutes} min away, ${km} km`,
  noPosition: 'Your driver is not sharing their position.',
  waitingPosition: 'Waiting for the first position from your driver.',
} as const;
