import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceSuggestionDto } from '../../src/shared/marketplace/api.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
import {
  errorOf,
  oneDatabaseKind,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { postRide } from './ride-fixtures.ts';

describe.each(oneDatabaseKind())('GET /api/places (%s)', (kind) => {
  let server: TestServer;
  let guest: TestClient;

  const search = async (q: string) => {
    const res = await guest.get(`/api/places?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: PlaceSuggestionDto[] }).items;
  };

  beforeAll(async () => {
    server = await startServer(kind);
    guest = server.client();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("'nel': Nelson Bay first, with its postcode, coordinates and label", async () => {
    const items = await search('nel');
    expect(items[0]).toEqual({
      locality: 'Nelson Bay',
      postcode: '2315',
      lat: expect.closeTo(-32.715, 2),
      lng: expect.closeTo(152.151, 2),
      label: 'Nelson Bay NSW 2315',
    });
    expect(items.length).toBeLessThanOrEqual(10);
    // Names with a word starting with the text come before names containing it.
    const starts = items.map((p) => /(^|[\s'])nel/i.test(p.name ?? p.locality));
    expect(starts.indexOf(false) === -1 || starts.slice(starts.indexOf(false)).every((s) => !s)).toBe(true);
    for (const p of items) {
      expect(p.label).toBe(
        p.name ? `${p.name}, ${p.locality} NSW ${p.postcode}` : `${p.locality} NSW ${p.postcode}`,
      );
    }
  });

  it("'Newcastle Airport', 'NTL', 'newc': the airport, with its name, kind and the suburb a ride keeps", async () => {
    const airport = {
      name: 'Newcastle Airport (NTL)',
      kind: 'airport',
      locality: 'Williamtown',
      postcode: '2318',
      lat: expect.closeTo(-32.795, 2),
      lng: expect.closeTo(151.834, 2),
      label: 'Newcastle Airport (NTL), Williamtown NSW 2318',
    };
    expect((await search('Newcastle Airport'))[0]).toEqual(airport);
    expect((await search('ntl'))[0]).toEqual(airport);
    // Typing the start of Newcastle offers the airport and the city first.
    const newc = await search('newc');
    expect(newc[0]).toEqual(airport);
    expect(newc[1]).toEqual(expect.objectContaining({ label: 'Newcastle NSW 2300' }));
    expect(newc[1]?.name).toBeUndefined();
  });

  it("'williamtown' offers the suburb and the airport; 'Sydney Airport' both terminals; 'Nelson Bay Marina'", async () => {
    const williamtown = await search('williamtown');
    expect(williamtown.slice(0, 2).map((p) => p.name ?? p.label)).toEqual([
      'Williamtown NSW 2318',
      'Newcastle Airport (NTL)',
    ]);
    // Issue 32: both terminals under the name people type and say, for "Sydney Airport", "SYD" and
    // "Mascot" alike, each still booked in its own gazetteer locality.
    const terminals = [
      ['Sydney Airport T2/T3 (Domestic)', 'airport', 'Sydney Domestic Airport', '2020'],
      ['Sydney Airport T1 (International)', 'airport', 'Sydney International Airport', '2020'],
    ];
    for (const typed of ['Sydney Airport', 'SYD', 'Mascot', 'sydney airport']) {
      const found = (await search(typed)).map((p) => [p.name, p.kind, p.locality, p.postcode]);
      expect(found.slice(0, 2), typed).toEqual(terminals);
    }
    // The suburb Mascot is still offered, after the airport.
    expect((await search('Mascot')).map((p) => p.label)).toContain('Mascot NSW 2020');
    expect((await search('Nelson Bay Marina'))[0]).toMatchObject({
      name: "d'Albora Marina Nelson Bay",
      kind: 'marina',
      locality: 'Nelson Bay',
      postcode: '2315',
    });
    expect((await search('stockton')).map((p) => p.name ?? p.label)).toEqual(
      expect.arrayContaining(['Stockton NSW 2295', 'Stockton Ferry Wharf']),
    );
  });

  it('a trip posted from a named place keeps its suburb, postcode and the name as the street address', async () => {
    const airport = (await search('Newcastle Airport'))[0]!;
    const marina = (await search('Nelson Bay Marina'))[0]!;
    const { client: customer } = await signedInClient(server, { userType: 'customer' });
    const { ride } = await postRide(customer, {
      // What the trip form sends after the places are chosen (PlaceField fills the address).
      pickup: { locality: marina.locality, postcode: marina.postcode, address: "d'Albora Marina Nelson Bay" },
      destination: {
        locality: airport.locality,
        postcode: airport.postcode,
        address: 'Newcastle Airport (NTL), Williamtown',
      },
    });
    expect(ride.pickup).toMatchObject({
      locality: 'Nelson Bay',
      postcode: '2315',
      address: "d'Albora Marina Nelson Bay",
    });
    expect(ride.destination).toMatchObject({
      locality: 'Williamtown',
      postcode: '2318',
      address: 'Newcastle Airport (NTL), Williamtown',
    });
  });

  it('prefers the launch area among equal matches, and the exact name first', async () => {
    // Hundreds of NSW localities start with S: Port Stephens' come first.
    expect((await search('s')).slice(0, 3).map((p) => p.locality)).toEqual([
      'Shoal Bay',
      'Salamander Bay',
      'Soldiers Point',
    ]);
    expect((await search('Newcastle'))[0]?.label).toBe('Newcastle NSW 2300');
    expect((await search('williamtown'))[0]).toMatchObject({ locality: 'Williamtown', postcode: '2318' });
  });

  it('is NSW only, without PO-box-only postcodes', async () => {
    // Melbourne (VIC) and the Chullora PO boxes postcode 1405 are not places to be picked up.
    expect((await search('Melbourne')).some((p) => p.postcode.startsWith('3'))).toBe(false);
    expect(await search('1405')).toEqual([]);
  });

  it('nothing matches: an empty list', async () => {
    expect(await search('zzzqx')).toEqual([]);
  });

  it.each([
    ['missing', '/api/places'],
    ['empty', '/api/places?q='],
    ['blank', '/api/places?q=%20%20'],
    ['over 60 characters', `/api/places?q=${'a'.repeat(61)}`],
  ])('q %s: 400 with the message', async (_name, path) => {
    const res = await guest.get(path);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'validation',
      message: MARKETPLACE_MESSAGES.placeQuery,
    });
  });
});
