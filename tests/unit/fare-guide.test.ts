/** Issue 31 item 3: the fare guide's passenger bands and words. */
import { describe, expect, it } from 'vitest';
import {
  bandLabel,
  durationWords,
  FARE_GUIDE_TEXT,
  PASSENGER_BANDS,
  passengerBand,
} from '../../src/shared/marketplace/fare-guide.ts';

describe('passengerBand', () => {
  it('puts each number of passengers in its band', () => {
    expect([1, 2, 3, 4, 5, 7, 8, 11, 12, 50].map((n) => passengerBand(n).min)).toEqual([
      1, 1, 3, 3, 5, 5, 8, 8, 12, 12,
    ]);
    expect(passengerBand(4)).toEqual({ min: 3, max: 4 });
    expect(passengerBand(12)).toEqual({ min: 12, max: 50 });
  });

  it('bands cover 1 to 50 without gaps or overlaps', () => {
    for (let i = 1; i < PASSENGER_BANDS.length; i++) {
      expect(PASSENGER_BANDS[i]!.min).toBe(PASSENGER_BANDS[i - 1]!.max + 1);
    }
    expect(PASSENGER_BANDS[0]!.min).toBe(1);
  });

  it('labels the bands', () => {
    expect(bandLabel(passengerBand(6))).toBe('5-7 passengers');
    expect(bandLabel(passengerBand(20))).toBe('12+ passengers');
  });
});

describe('fare guide words', () => {
  const guide = {
    medianCents: 13900,
    lowCents: 12000,
    highCents: 16000,
    bookings: 8,
    band: { min: 1, max: 2 },
    windowDays: 180,
  };
  it('says the range in whole dollars', () => {
    expect(FARE_GUIDE_TEXT.customerRange(guide)).toBe('Most people paid $120–$160 for this trip');
    expect(FARE_GUIDE_TEXT.driverRange(guide)).toBe('Customers paid $120–$160 for this trip (median $139)');
    expect(FARE_GUIDE_TEXT.indicative({ cents: 13905, distanceKm: 92.7 })).toBe(
      'Indicative price: $139 (1.50 AUD a km; not enough bookings on this route yet for a guide)',
    );
  });
  it('says durations plainly', () => {
    expect(durationWords(25)).toBe('about 25 minutes');
    expect(durationWords(1)).toBe('about 1 minute');
    expect(durationWords(150)).toBe('about 3 hours');
    expect(durationWords(3000)).toBe('about 2 days');
  });
});
