import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceSuggestionDto } from '../../src/shared/marketplace/api.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
import { databaseKinds, errorOf, startServer, type TestClient, type TestServer } from './helpers.ts';

describe.each(databaseKinds())('GET /api/places (%s)', (kind) => {
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
    // Names starting with the text come before names containing it.
    const starts = items.map((p) => p.locality.toLowerCase().startsWith('nel'));
    expect(starts.indexOf(false) === -1 || starts.slice(starts.indexOf(false)).every((s) => !s)).toBe(true);
    for (const p of items) expect(p.label).toBe(`${p.locality} NSW ${p.postcode}`);
  });

  it("'2315' finds the localities of that postcode, Nelson Bay among them", async () => {
    const items = await search('2315');
    expect(items.map((p) => p.locality)).toContain('Nelson Bay');
    expect(items.every((p) => p.postcode === '2315')).toBe(true);
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
