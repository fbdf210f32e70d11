import { describe, expect, it } from 'vitest';
import {
  memberSinceText,
  quoteSpeedText,
  vehicleCardText,
  vehicleFeaturesText,
  verifiedText,
} from '../../src/shared/marketplace/driver-card-text.ts';

const VAN = {
  id: 'v',
  make: 'Toyota',
  model: 'HiAce',
  year: 2022,
  colour: 'White',
  seats: 11,
  luggageBags: 1,
  wheelchairAccessible: false,
  childSeats: 0,
  trailer: false,
  photoUrl: null,
};

describe('driver card text', () => {
  it('says when the driver was verified and joined, on the Sydney calendar', () => {
    // 30 Nov 2026 14:00 UTC is 1 Dec 2026 in Sydney.
    expect(verifiedText('2026-11-30T14:00:00.000Z')).toBe('Verified Dec 2026');
    expect(verifiedText(null)).toBeNull();
    expect(memberSinceText('2025-03-10T00:00:00.000Z')).toBe('Member since Mar 2025');
  });

  it('rounds the usual time to quote up, in minutes, hours or days', () => {
    expect(quoteSpeedText(null)).toBeNull();
    expect(quoteSpeedText(0)).toBe('Usually quotes within 5 min');
    expect(quoteSpeedText(12)).toBe('Usually quotes within 15 min');
    expect(quoteSpeedText(61)).toBe('Usually quotes within 2 h');
    expect(quoteSpeedText(60 * 24)).toBe('Usually quotes within 1 day');
    expect(quoteSpeedText(60 * 50)).toBe('Usually quotes within 3 days');
  });

  it('names the vehicle with singular and plural right', () => {
    expect(vehicleCardText(VAN)).toBe('2022 Toyota HiAce, white · 11 seats · 1 bag');
    expect(vehicleCardText({ ...VAN, seats: 1, luggageBags: 0, colour: '' })).toBe(
      '2022 Toyota HiAce · 1 seat · 0 bags',
    );
    expect(vehicleFeaturesText(VAN)).toBe('');
    expect(vehicleFeaturesText({ wheelchairAccessible: true, childSeats: 1, trailer: true })).toBe(
      'Wheelchair accessible · 1 child seat · Luggage trailer',
    );
  });
});
