/**
 * How a trip and its ends are named, everywhere (pages, notifications, e-mail subjects, the .ics, texts):
 * by the named place when the end is one ("Newcastle Airport (NTL)"), else by its suburb ("Nelson Bay").
 *
 * A ride stores a gazetteer locality, its postcode and a free-text address; choosing a named place in the
 * form fills the address with the place's name (and ", suburb" when the name lacks it). The server knows
 * the named places (services/places.ts `namedPlaceOf`) and puts the name in `PlaceDto.name`; these
 * functions only read it, so the browser needs no list of places.
 */

/** 'NELSON BAY' (the gazetteer's spelling) -> 'Nelson Bay'; mixed-case names are kept as typed. */
export function displayLocality(locality: string): string {
  const trimmed = locality.trim();
  if (trimmed !== trimmed.toUpperCase()) return trimmed;
  return trimmed
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** One end of a trip as the functions below read it. */
export interface PlaceEnd {
  locality: string;
  postcode?: string;
  /** The street address or the named place's text; '' when none (or hidden from this viewer). */
  address?: string;
  /** The named place ("Newcastle Airport (NTL)"), when the end is one. */
  name?: string | null;
}

/**
 * What an end is called in a route, a subject or a sentence: the named place without its code
 * ("Newcastle Airport (NTL)" -> "Newcastle Airport"; "Sydney Domestic Airport (SYD), T2 and T3" ->
 * "Sydney Domestic Airport, T2 and T3"), else the suburb: "Nelson Bay".
 */
export function placeName(p: PlaceEnd): string {
  const name = p.name?.replace(/\s*\([A-Z0-9]{2,4}\)/g, '').trim();
  return name || displayLocality(p.locality);
}

/**
 * The trip's route: "Nelson Bay → Newcastle Airport"; `{ words: true }` for running text:
 * "Nelson Bay to Newcastle Airport". Both ends are named by placeName.
 */
export function routeName(from: PlaceEnd, to: PlaceEnd, opts: { words?: boolean } = {}): string {
  return `${placeName(from)}${opts.words ? ' to ' : ' → '}${placeName(to)}`;
}

/** A return trip named once: "Nelson Bay → Newcastle Airport (NTL) and back". */
export function returnRouteName(from: PlaceEnd, to: PlaceEnd, opts: { words?: boolean } = {}): string {
  return `${routeName(from, to, opts)} and back`;
}

/**
 * The address without the suburb it repeats: "Newcastle Airport (NTL), Williamtown" in Williamtown is
 * "Newcastle Airport (NTL)"; "12 Smith St Nelson Bay NSW 2315" in Nelson Bay is "12 Smith St"; '' when the
 * address is only the suburb (or empty). A name that merely ends in its suburb ("d'Albora Marina Nelson
 * Bay") keeps it. (String work rather than a regular expression built per call: this runs on every card.)
 */
export function streetPart(p: PlaceEnd): string {
  const address = (p.address ?? '').trim().replace(/\s+/g, ' ');
  // The state and postcode written after the suburb go first.
  const bare = address.replace(/[\s,]+(?:NSW[\s,]*)?\d{4}$|[\s,]+NSW$/i, '');
  const lower = bare.toLowerCase();
  const suburb = displayLocality(p.locality).toLowerCase();
  if (lower === suburb) return '';
  const said = lower.endsWith(`,${suburb}`) || lower.endsWith(`, ${suburb}`);
  if (said || (bare !== address && lower.endsWith(` ${suburb}`))) {
    return bare.slice(0, -suburb.length).replace(/[\s,]+$/, '');
  }
  return address;
}

/**
 * The street or named place with its suburb, short, for a sentence or a text message: "35 Stockton St,
 * Nelson Bay", "Newcastle Airport (NTL), Williamtown"; the suburb alone without an address.
 */
export function placeWithSuburb(p: PlaceEnd): string {
  const street = streetPart(p) || p.name?.trim() || '';
  const suburb = displayLocality(p.locality);
  if (!street) return suburb;
  return street.toLowerCase().endsWith(` ${suburb.toLowerCase()}`) ? street : `${street}, ${suburb}`;
}

/**
 * The address on one line, the suburb said once: "Newcastle Airport (NTL), Williamtown NSW 2318",
 * "12 Stockton St, Nelson Bay NSW 2315", or "Nelson Bay NSW 2315" without a street address.
 */
export function placeAddress(p: PlaceEnd): string {
  return [placeWithSuburb(p), 'NSW', p.postcode].filter(Boolean).join(' ');
}

/** The same as placeAddress, as lines (for e-mails and the booking page): street, then suburb. */
export function placeAddressLines(p: PlaceEnd): string[] {
  const suburb = [displayLocality(p.locality), 'NSW', p.postcode ?? ''].filter(Boolean).join(' ');
  const street = streetPart(p) || (p.name?.trim() ?? '');
  return street ? [street, suburb] : [suburb];
}
