import { describe, expect, it } from 'vitest';
import {
  completedTripsText,
  ratingCountText,
  ratingLabel,
  trackRecordText,
} from '../../src/shared/marketplace/ratings-text.ts';

describe('ratings and trips in words', () => {
  it('counts ratings: "New", "1 rating", "2 ratings"', () => {
    expect([0, 1, 2, 11].map(ratingCountText)).toEqual(['New', '1 rating', '2 ratings', '11 ratings']);
  });

  it('counts completed trips, and says nothing about none', () => {
    expect([0, 1, 2].map(completedTripsText)).toEqual([null, '1 completed trip', '2 completed trips']);
  });

  it('one line of track record, never "0 ratings" or "No ratings yet · 0 ratings"', () => {
    expect(trackRecordText({ average: null, count: 0 }, 0)).toBe('New');
    expect(trackRecordText({ average: null, count: 0 }, 2)).toBe('New · 2 completed trips');
    expect(trackRecordText({ average: 5, count: 1 }, 1)).toBe('5.0 · 1 rating · 1 completed trip');
    expect(trackRecordText({ average: 4.5, count: 2 })).toBe('4.5 · 2 ratings');
  });

  it('reads the average to a screen reader', () => {
    expect(ratingLabel({ average: 4.5, count: 2 })).toBe('Rated 4.5 out of 5 from 2 ratings');
    expect(ratingLabel({ average: null, count: 0 })).toBe('New: not rated yet');
  });
});
