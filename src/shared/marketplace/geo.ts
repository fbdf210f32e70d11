/** Distances: the great circle between two places, and the road estimate (times ROAD_DETOUR_FACTOR). */
import { ROAD_DETOUR_FACTOR } from './constants.ts';

export interface Point {
  lat: number;
  lng: number;
}

/** Great-circle distance in kilometres. */
export function haversineKm(a: Point, b: Point): number {
  const R = 6371;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Estimated road distance, rounded to 0.1 km (see ROAD_DETOUR_FACTOR). */
export function estimateRoadKm(a: Point, b: Point): number {
  return Math.round(haversineKm(a, b) * ROAD_DETOUR_FACTOR * 10) / 10;
}
