/**
 * Issue 30: the day-of-trip rules the web app and the API share (shared/marketplace/trip-status.ts): the
 * order of the statuses, the free waiting time with and without a flight, the distance estimate, and the
 * request schemas' refusals.
 */
import { describe, expect, it } from 'vitest';
import {
  customerSignalSchema,
  distanceAndEta,
  nextTripStatus,
  positionSchema,
  previousTripStatus,
  TRIP_MESSAGES,
  waitingUntil,
} from '../../src/shared/marketplace/trip-status.ts';

const MIN = 60_000;

describe('trip statuses', () => {
  it('go in one order, from none to dropped off', () => {
    expect(nextTripStatus(null)).toBe('on_the_way');
    expect(nextTripStatus('on_the_way')).toBe('arrived');
    expect(nextTripStatus('arrived')).toBe('on_board');
    expect(nextTripStatus('on_board')).toBe('dropped_off');
    expect(nextTripStatus('dropped_off')).toBeNull();
    expect(nextTripStatus('flying')).toBeNull();
    expect(previousTripStatus('on_the_way')).toBeNull();
    expect(previousTripStatus('dropped_off')).toBe('on_board');
  });
});

describe('the free waiting time', () => {
  const pickup = new Date('2026-11-27T18:30:00Z');
  it('is 10 minutes from arrival without a flight number, and nothing before arrival', () => {
    expect(waitingUntil(null, pickup, '')).toBeNull();
    const arrived = new Date(pickup.getTime() - 5 * MIN);
    expect(waitingUntil(arrived, pickup, '  ')).toEqual(new Date(arrived.getTime() + 10 * MIN));
  });
  it('is 30 minutes from the later of arrival and pickup with a flight number', () => {
    const early = new Date(pickup.getTime() - 20 * MIN);
    expect(waitingUntil(early, pickup, 'QF1504')).toEqual(new Date(pickup.getTime() + 30 * MIN));
    const late = new Date(pickup.getTime() + 7 * MIN);
    expect(waitingUntil(late, pickup, 'QF1504')).toEqual(new Date(late.getTime() + 30 * MIN));
  });
});

describe('the distance estimate', () => {
  it('is the straight line times 1.3, at 40 km/h, at least a minute', () => {
    const airport = { lat: -32.795, lng: 151.834 };
    const nelsonBay = { lat: -32.715, lng: 152.151 };
    const { distanceKm, etaMinutes } = distanceAndEta(nelsonBay, airport);
    expect(distanceKm).toBeGreaterThan(39);
    expect(distanceKm).toBeLessThan(41);
    expect(etaMinutes).toBe(Math.round((distanceKm / 40) * 60));
    expect(distanceAndEta(airport, airport)).toEqual({ distanceKm: 0, etaMinutes: 1 });
  });
});

describe('the request schemas', () => {
  it('refuse positions outside Australia with the message', () => {
    const london = positionSchema.safeParse({ lat: 51.5, lng: -0.12 });
    expect(london.success).toBe(false);
    expect(london.error?.issues[0]?.message).toBe(TRIP_MESSAGES.outsideAustralia);
    expect(positionSchema.safeParse({ lat: -42.88, lng: 147.33 }).success).toBe(true);
  });
  it('take "running late" with 1 to 120 whole minutes, and "at the pickup" alone', () => {
    expect(customerSignalSchema.safeParse({ kind: 'running_late', minutes: 120 }).success).toBe(true);
    expect(
      customerSignalSchema.safeParse({ kind: 'running_late', minutes: 121 }).error?.issues[0]?.message,
    ).toBe(TRIP_MESSAGES.minutes);
    expect(customerSignalSchema.safeParse({ kind: 'at_pickup' }).success).toBe(true);
    expect(customerSignalSchema.safeParse({ kind: 'late' }).success).toBe(false);
  });
});
