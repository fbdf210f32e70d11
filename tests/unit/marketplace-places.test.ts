import { describe, expect, it } from 'vitest';
import {
  find,
  LAUNCH_CENTRE,
  normaliseLocality,
  search,
  titleCase,
} from '../../src/server/services/places.ts';
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

  it('among equal matches, nearest Nelson Bay first', () => {
    const list = search('s', 30);
    const distances = list.map((p) => haversineKm(p, LAUNCH_CENTRE));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(list[0]?.locality).toBe('Shoal Bay');
  });

  it('understands a label or "name postcode" and honours the limit', () => {
    expect(search('Nelson Bay NSW 2315')).toEqual([find('Nelson Bay', '2315')]);
    expect(search('nelson bay 2315')).toEqual([find('Nelson Bay', '2315')]);
    expect(search('a', 3)).toHaveLength(3);
    expect(search('zzzqx')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });
});
