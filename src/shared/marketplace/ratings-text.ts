/**
 * How ratings and trips are counted in words, everywhere they are shown: "1 rating", "2 ratings", and
 * "New" for someone nobody has rated yet (never "0 ratings" or "No ratings yet · 0 ratings").
 */
import type { RatingSummary } from './api.ts';

/** "1 rating", "2 ratings"; "New" when there are none. */
export function ratingCountText(count: number): string {
  if (count <= 0) return 'New';
  return `${count} ${count === 1 ? 'rating' : 'ratings'}`;
}

/** "1 completed trip", "12 completed trips"; null when there are none (nothing worth saying). */
export function completedTripsText(count: number): string | null {
  if (count <= 0) return null;
  return `${count} completed ${count === 1 ? 'trip' : 'trips'}`;
}

/** The average as words for a screen reader: "Rated 4.5 out of 5 from 2 ratings", or "New: not rated yet". */
export function ratingLabel(summary: RatingSummary): string {
  if (summary.average === null || summary.count <= 0) return 'New: not rated yet';
  return `Rated ${summary.average.toFixed(1)} out of 5 from ${ratingCountText(summary.count)}`;
}

/**
 * One line about someone's track record: "4.8 · 12 ratings · 30 completed trips", "New · 2 completed
 * trips" (trips but no visible rating yet), or just "New".
 */
export function trackRecordText(summary: RatingSummary, completedTrips?: number): string {
  const rated = summary.average !== null && summary.count > 0;
  const parts = [rated ? `${summary.average!.toFixed(1)} · ${ratingCountText(summary.count)}` : 'New'];
  const trips = completedTrips === undefined ? null : completedTripsText(completedTrips);
  if (trips) parts.push(trips);
  return parts.join(' · ');
}
