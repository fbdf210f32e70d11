import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  find,
  LAUNCH_CENTRE,
  matchKey,
  normaliseLocality,
  search,
  titleCase,
} from '../../src/server/services/places.ts';
import { POINT_KINDS, POINTS_OF_INTEREST } from '../../src/server/services/places-data/points-of-interest.ts';
import { haversineKm } from '../../src/shared/marketplace/geo.ts';

describe('the NSW gazetteer', () => {
  it('title-cases localities for display', () => {
    expect(titleCase('NELSON BAY')).toBe('Nelson Bay');
    expect(titleCase("O'CONNELL")).toBe("O'Connell");
    expect(titleCase('BRIGHTON-LE-SANDS')).toBe('Brighton-Le-Sands');
    expect(titleCase('MCMAHONS POINT')).toBe('McMahons Point');
    expect(normaliseLocality('  o’connell  ')).toBe("O'CONNELL");
  });

  it('finds a place by locality (any case) and postcode, or null', () => {
    expect(find('nelson bay', '2315')).toEqual({
      locality: 'Nelson Bay',
      postcode: '2315',
      lat: -32.715,
      lng: 152.151111,
      label: 'Nelson Bay NSW 2315',
    });
    expect(find('NELSON BAY', '2315')?.locality).toBe('Nelson Bay');
    expect(find('Nelson Bay', '2316')).toBeNull();
    expect(find('Atlantis', '2315')).toBeNull();
    // Another state's locality is not in the NSW list.
    expect(find('Melbourne', '3000')).toBeNull();
    // Coordinates come from Lat_precise/Long_precise when the file has them.
    expect(find('Williamtown', '2318')).toMatchObject({ lat: -32.815, lng: 151.842778 });
  });

  it('ranks the exact name, then prefixes, then postcodes, then names containing the text', () => {
    expect(search('nel')[0]?.label).toBe('Nelson Bay NSW 2315');
    expect(search('Newcastle')[0]?.label).toBe('Newcastle NSW 2300');
    expect(search('2315').map((p) => p.postcode)).toEqual(search('2315').map(() => '2315'));
    expect(search('2315').map((p) => p.locality)).toContain('Nelson Bay');
    const bay = search('bay', 40);
    const firstContains = bay.findIndex((p) => !p.locality.toUpperCase().startsWith('BAY'));
    expect(firstContains).toBeGreaterThan(0);
    expect(bay.slice(firstContains).every((p) => !p.locality.toUpperCase().startsWith('BAY'))).toBe(true);
  });

  it('among equal matches, nearest Nelson Bay first, a town just before its nearby namesakes', () => {
    const list = search('s', 30);
    expect(list[0]?.locality).toBe('Shoal Bay');
    list.forEach((p, i) => {
      const next = list[i + 1];
      if (!next) return;
      // Swansea (63 km) comes just before Swansea Heads (62 km); otherwise nearest first.
      const parent = next.locality.startsWith(`${p.locality} `);
      if (!parent)
        expect(haversineKm(p, LAUNCH_CENTRE), p.label).toBeLessThanOrEqual(haversineKm(next, LAUNCH_CENTRE));
    });
    expect(list.map((p) => p.locality).indexOf('Swansea') + 1).toBe(
      list.map((p) => p.locality).indexOf('Swansea Heads'),
    );
    // ...but Nelson near Sydney is not pulled up before Nelson Bay.
    expect(search('nel')[0]?.label).toBe('Nelson Bay NSW 2315');
  });

  it('understands a label or "name postcode" and honours the limit', () => {
    expect(search('Nelson Bay NSW 2315')[0]).toEqual(find('Nelson Bay', '2315'));
    expect(search('nelson bay 2315')[0]).toEqual(find('Nelson Bay', '2315'));
    // Then the named places of Nelson Bay, and nothing of another postcode.
    expect(search('nelson bay 2315').every((p) => p.postcode === '2315')).toBe(true);
    expect(
      search('nelson bay 2315')
        .slice(1)
        .every((p) => p.name),
    ).toBe(true);
    expect(search('a', 3)).toHaveLength(3);
    expect(search('zzzqx')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });
});

describe('the named places (airports, wharves, landmarks...)', () => {
  it('are 40 to 80 places, each in a real NSW locality of the gazetteer and within 5 km of it', () => {
    expect(POINTS_OF_INTEREST.length).toBeGreaterThanOrEqual(40);
    expect(POINTS_OF_INTEREST.length).toBeLessThanOrEqual(80);
    const far: string[] = [];
    for (const p of POINTS_OF_INTEREST) {
      const locality = find(p.locality, p.postcode);
      expect(locality, `${p.name}: ${p.locality} ${p.postcode}`).not.toBeNull();
      if (!locality) continue;
      // Written as the gazetteer spells it, so a ride shows the same suburb.
      expect(locality.locality, p.name).toBe(p.locality);
      const km = haversineKm(p, locality);
      if (km > 5) far.push(`${p.name}: ${km.toFixed(1)} km from ${p.locality}`);
      expect(POINT_KINDS).toContain(p.kind);
    }
    expect(far).toEqual([]);
  });

  it('have unique names, usable aliases, and their source written at the top of the file', () => {
    const names = POINTS_OF_INTEREST.map((p) => matchKey(p.name));
    expect(new Set(names).size).toBe(names.length);
    for (const p of POINTS_OF_INTEREST) {
      for (const alias of p.aliases ?? []) expect(matchKey(alias).length, p.name).toBeGreaterThanOrEqual(2);
    }
    const file = readFileSync(
      new URL('../../src/server/services/places-data/points-of-interest.ts', import.meta.url),
      'utf8',
    );
    expect(file.slice(0, 600)).toContain('coordinates approximate, from OpenStreetMap (ODbL) as of 2026');
  });

  it('finds a place by name, by alias and by its suburb, with its name, kind, suburb and own coordinates', () => {
    const airport = search('Newcastle Airport')[0];
    expect(airport).toEqual({
      name: 'Newcastle Airport (NTL)',
      kind: 'airport',
      locality: 'Williamtown',
      postcode: '2318',
      lat: expect.closeTo(-32.795, 2),
      lng: expect.closeTo(151.834, 2),
      label: 'Newcastle Airport (NTL), Williamtown NSW 2318',
    });
    expect(search('NTL')[0]).toEqual(airport);
    expect(search('williamtown airport')[0]).toEqual(airport);
    expect(
      search('syd')
        .slice(0, 2)
        .map((p) => p.kind),
    ).toEqual(['airport', 'airport']);
    for (const typed of ['Sydney Airport', 'SYD', 'Mascot', 'sydney air']) {
      expect(
        search(typed)
          .slice(0, 2)
          .map((p) => p.name),
        typed,
      ).toEqual(['Sydney Airport T2/T3 (Domestic)', 'Sydney Airport T1 (International)']);
    }
    expect(search('mascot airport').every((p) => p.kind === 'airport')).toBe(true);
    expect(search('Nelson Bay Marina')[0]?.name).toBe("d'Albora Marina Nelson Bay");
    expect(search('dalbora')[0]?.name).toBe("d'Albora Marina Nelson Bay");
    expect(search('koala')[0]?.name).toBe('Port Stephens Koala Sanctuary');
    expect(search('tomaree').map((p) => p.name)).toEqual(
      expect.arrayContaining(['Tomaree Community Hospital', 'Tomaree Head Summit Walk']),
    );
    // By suburb: the suburb first, then the places in it.
    const williamtown = search('williamtown');
    expect(williamtown[0]?.label).toBe('Williamtown NSW 2318');
    expect(williamtown[1]?.name).toBe('Newcastle Airport (NTL)');
    expect(williamtown.map((p) => p.name)).toContain('RAAF Base Williamtown');
    expect(search('fingal bay').map((p) => p.name ?? p.label)).toEqual([
      'Fingal Bay NSW 2315',
      'Fingal Bay Beach and Fingal Spit',
    ]);
  });

  it("'newc': Newcastle Airport and Newcastle itself first; airports lead their rank", () => {
    const newc = search('newc');
    expect(newc.slice(0, 2).map((p) => p.name ?? p.label)).toEqual([
      'Newcastle Airport (NTL)',
      'Newcastle NSW 2300',
    ]);
    // The exact suburb name still comes before an airport that only starts with it.
    expect(
      search('newcastle')
        .slice(0, 2)
        .map((p) => p.name ?? p.label),
    ).toEqual(['Newcastle NSW 2300', 'Newcastle Airport (NTL)']);
  });

  it('ranks whole-name and word prefixes before text inside a word', () => {
    const tierOf = (p: { name?: string; locality: string }, q: string) => {
      const words = matchKey(p.name ?? p.locality).split(' ');
      const text = matchKey(q);
      if (matchKey(p.name ?? p.locality).startsWith(text)) return 0;
      if (words.some((w) => w.startsWith(text))) return 1;
      return 2;
    };
    for (const q of ['point', 'beach', 'hunter', 'bay']) {
      // Only results found by their own name (not an alias or suburb) are classified here.
      const own = search(q, 40).filter((p) => matchKey(p.name ?? p.locality).includes(matchKey(q)));
      const tiers = own.map((p) => tierOf(p, q));
      expect(tiers, q).toEqual([...tiers].sort((a, b) => a - b));
      expect(tiers, q).toContain(1);
    }
  });

  it('needs two letters for a named place, and a postcode alone finds suburbs only', () => {
    expect(search('s', 50).some((p) => p.name)).toBe(false);
    expect(search('2318').some((p) => p.name)).toBe(false);
    expect(search('2318').map((p) => p.locality)).toContain('Williamtown');
  });
});
