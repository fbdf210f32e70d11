/**
 * The flight-number field's hint, fitted to the direction of the trip (issue 32): a drop-off at the airport
 * going, a pickup from it coming back. Apart from place-names.ts so pages that only name trips do not load it.
 */
import { type PlaceEnd, streetPart } from './place-names.ts';

const AIRPORT = /\bairport\b/i;

/** The airport this end is, for the flight hint: "Newcastle Airport", or null when it is none. */
export function airportName(p: PlaceEnd): string | null {
  const candidates = [p.name ?? '', streetPart(p), p.address ?? ''];
  const hit = candidates.find((c) => AIRPORT.test(c));
  if (!hit) return null;
  const first = hit.split(',')[0] ?? hit;
  return first.replace(/\s*\([^)]*\)\s*/g, ' ').trim() || null;
}

/** What the flight-number field says, fitted to the direction of the trip. */
export function flightHint(pickup: PlaceEnd, destination: PlaceEnd): string {
  const to = airportName(destination);
  if (to) return `For drop-offs at ${to}: your flight number helps the driver plan for your check-in.`;
  const from = airportName(pickup);
  if (from) return `For pickups at ${from}: drivers can follow your flight and wait if it lands late.`;
  return 'For airport trips: your flight number lets the driver follow your flight.';
}
