import { describe, expect, it } from 'vitest';
import { ROAD_DETOUR_FACTOR } from '../../src/shared/marketplace/constants.ts';
import { estimateRoadKm, haversineKm } from '../../src/shared/marketplace/geo.ts';

const NELSON_BAY = { lat: -32.715, lng: 152.151111 };
const WILLIAMTOWN = { lat: -32.815, lng: 151.842778 };
const SYDNEY = { lat: -33.8688, lng: 151.2093 };

describe('haversineKm', () => {
  it('is zero for one point and symmetric', () => {
    expect(haversineKm(NELSON_BAY, NELSON_BAY)).toBe(0);
    expect(haversineKm(NELSON_BAY, WILLIAMTOWN)).toBeCloseTo(haversineKm(WILLIAMTOWN, NELSON_BAY), 9);
  });

  it('matches known distances', () => {
    // Nelson Bay to Newcastle Airport (Williamtown): about 30.6 km in a straight line.
    expect(haversineKm(NELSON_BAY, WILLIAMTOWN)).toBeCloseTo(30.6, 0);
    // Nelson Bay to Sydney CBD: about 155 km.
    expect(haversineKm(NELSON_BAY, SYDNEY)).toBeGreaterThan(150);
    expect(haversineKm(NELSON_BAY, SYDNEY)).toBeLessThan(160);
    // One degree of latitude is about 111.2 km.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.19, 1);
    // Antipodes: half the circumference, no NaN from rounding.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 3);
  });
});

describe('estimateRoadKm', () => {
  it('is the straight line times the detour factor, to 0.1 km', () => {
    const straight = haversineKm(NELSON_BAY, WILLIAMTOWN);
    const road = estimateRoadKm(NELSON_BAY, WILLIAMTOWN);
    expect(road).toBe(Math.round(straight * ROAD_DETOUR_FACTOR * 10) / 10);
    expect(road).toBeCloseTo(39.8, 0);
    expect(Number.isInteger(road * 10) || Math.abs(road * 10 - Math.round(road * 10)) < 1e-9).toBe(true);
    expect(estimateRoadKm(NELSON_BAY, NELSON_BAY)).toBe(0);
  });
});
