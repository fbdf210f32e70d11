/** /api/me/accessibility: the accessibility settings follow the account across browsers (issue 12). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, errorOf, signedInClient, startServer, type TestServer } from './helpers.ts';

const SETTINGS = {
  highContrast: true,
  reducedMotion: true,
  screenReaderEnabled: false,
  fontSizeMultiplier: 1.5,
  keyboardNavigationEnabled: false,
  focusIndicatorsVisible: true,
};

describe.each(databaseKinds())('/api/me/accessibility (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('needs a session', async () => {
    expect((await server.client().get('/api/me/accessibility')).status).toBe(401);
    const put = await server.client().request('/api/me/accessibility', { method: 'PUT', body: SETTINGS });
    expect(put.status).toBe(401);
  });

  it('is null until saved, then the same settings in another browser signed in to the account', async () => {
    const { client, email, password } = await signedInClient(server);
    const before = await client.get('/api/me/accessibility');
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ settings: null });

    const put = await client.request('/api/me/accessibility', { method: 'PUT', body: SETTINGS });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ settings: SETTINGS });

    const other = server.client();
    expect((await other.signIn(email, password)).status).toBe(200);
    expect(await (await other.get('/api/me/accessibility')).json()).toEqual({ settings: SETTINGS });
  });

  it('snaps the text size to the 0.1 grid', async () => {
    const { client } = await signedInClient(server);
    const put = await client.request('/api/me/accessibility', {
      method: 'PUT',
      body: { ...SETTINGS, fontSizeMultiplier: 1.2000000000000002 },
    });
    expect(((await put.json()) as { settings: typeof SETTINGS }).settings.fontSizeMultiplier).toBe(1.2);
  });

  it('refuses settings outside SPEC §3 and §9', async () => {
    const { client } = await signedInClient(server);
    for (const body of [
      { ...SETTINGS, fontSizeMultiplier: 3 },
      { ...SETTINGS, fontSizeMultiplier: 0.5 },
      { ...SETTINGS, highContrast: 'yes' },
      { ...SETTINGS, colourScheme: 'dark' },
      { highContrast: true },
    ]) {
      const res = await client.request('/api/me/accessibility', { method: 'PUT', body });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('validation');
    }
    expect(await (await client.get('/api/me/accessibility')).json()).toEqual({ settings: null });
  });
});
