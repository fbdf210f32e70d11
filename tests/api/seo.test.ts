/**
 * Issue 5 "Found and shared" over HTTP: /sitemap.xml, /robots.txt, and the public pages' HTML served from
 * a web folder (a small stand-in for dist/web, so this runs before the build; e2e/seo.spec.ts checks the
 * real build).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { sessionCookieName } from '../../src/server/auth/auth.ts';
import { oneDatabaseKind, startServer, type TestServer } from './helpers.ts';

const INDEX = `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <title>ShuttleQuote</title>
    <meta name="description" content="Generic." />
    <meta name="app-config" content="__APP_CONFIG__" />
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The public content pages' page (ADR 034): the same but for its entry script, which has no React. */
const STATIC_PAGE = INDEX.replace('/assets/index-test.js', '/assets/static-test.js');

describe.each(oneDatabaseKind())('seo (%s)', (kind) => {
  let server: TestServer;
  let webDir: string;
  let web: ReturnType<typeof createApp>;

  beforeAll(async () => {
    server = await startServer(kind);
    webDir = mkdtempSync(path.join(tmpdir(), 'shuttle-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    writeFileSync(path.join(webDir, 'static-page.html'), STATIC_PAGE);
    writeFileSync(path.join(webDir, 'assets', 'index-test.js'), 'console.log(1);');
    // What the build writes beside each asset (vite.config.ts); the contents only need to be told apart.
    writeFileSync(path.join(webDir, 'assets', 'index-test.js.br'), 'brotli bytes');
    writeFileSync(path.join(webDir, 'assets', 'index-test.js.gz'), 'gzip bytes');
    web = createApp({ env: server.deps.env, database: server.database, webDir });
  });
  afterAll(async () => {
    await web?.hub.close();
    await server?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  it('serves /sitemap.xml with the public pages and not the signed-in area', async () => {
    const res = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain(`<loc>${server.deps.env.APP_URL}/about</loc>`);
    expect(xml).not.toContain('/dashboard');
  });

  it('serves /robots.txt disallowing the signed-in area and naming the sitemap', async () => {
    const res = await fetch(`${server.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    const txt = await res.text();
    expect(txt).toContain('Disallow: /dashboard');
    expect(txt).toContain(`Sitemap: ${server.deps.env.APP_URL}/sitemap.xml`);
  });

  it('answers a public route with its own HTML, not cached, with the app config filled in', async () => {
    for (const p of ['/', '/about', '/about/', '/faq']) {
      const res = await web.app.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('<h1 ');
      expect(html).toContain('application/ld+json');
      expect(html).not.toContain('__APP_CONFIG__');
      expect(html).toContain('&quot;brandName&quot;');
    }
    const about = await (await web.app.request('/about')).text();
    expect(about).toContain('<title>About | ShuttleQuote</title>');
    expect(about).toContain(`<link rel="canonical" href="${server.deps.env.APP_URL}/about" />`);
  });

  it('answers other app paths with the plain shell, noindex, and assets long-cached', async () => {
    const html = await (await web.app.request('/dashboard')).text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<div id="root"></div>');
    const raw = await (await web.app.request('/index.html')).text();
    expect(raw).not.toContain('__APP_CONFIG__');
    const asset = await web.app.request('/assets/index-test.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the content pages without the app, and the pages with forms or sign-in with it (ADR 034)', async () => {
    for (const p of ['/', '/about', '/how-it-works', '/faq', '/driver-faq', '/privacy']) {
      const html = await (await web.app.request(p)).text();
      expect(html, p).toContain('<script type="module" crossorigin src="/assets/static-test.js"></script>');
      expect(html, p).not.toContain('src="/assets/index-test.js"');
      // Named for a signed-in visitor, whose header is the app's.
      expect(html, p).toContain('<meta name="app-entry" content="/assets/index-test.js" />');
      expect(html, p).toContain('<div id="root" data-prerendered="">');
      expect(html, p).not.toContain('__APP_CONFIG__');
    }
    for (const p of ['/support', '/driver-support', '/login', '/signup', '/dashboard', '/no-such-page']) {
      const html = await (await web.app.request(p)).text();
      expect(html, p).toContain('src="/assets/index-test.js"');
      expect(html, p).not.toContain('static-test.js');
    }
    // A request with a session cookie gets the app there too: a signed-in visitor's header is the app's.
    const signedIn = await (
      await web.app.request('/about', { headers: { Cookie: `${sessionCookieName(server.deps.env)}=x` } })
    ).text();
    expect(signedIn).toContain('src="/assets/index-test.js"');
    expect(signedIn).not.toContain('static-test.js');
    expect(signedIn).toContain('<div id="root" data-prerendered="">');
    // The raw template (with its placeholder) is never served as a file.
    expect((await web.app.request('/static-page.html')).status).toBe(404);
  });

  it('sends the precompressed copy of an asset the browser can take, as it is', async () => {
    const br = await web.app.request('/assets/index-test.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await br.arrayBuffer()).toString()).toBe('brotli bytes');
    const gz = await web.app.request('/assets/index-test.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer()).toString()).toBe('gzip bytes');
    const plain = await web.app.request('/assets/index-test.js', {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1);');
  });

  it('answers every path that is no page of the app 404 with the not-found page, never a redirect', async () => {
    for (const p of [
      '/no-such-page',
      '/no-such-page/',
      '/about/more',
      '/customer/anything',
      '/driver/anything',
      '/admin/nothing',
      '/booking/123/extra',
      '/booking',
      '/index.html',
      '/favicon.ico',
      '/dev/nothing',
    ]) {
      const res = await web.app.request(p, { redirect: 'manual' });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('location'), p).toBeNull();
      expect(res.headers.get('content-type'), p).toContain('text/html');
      const html = await res.text();
      // The app's own not-found page, rendered on the server inside the shell, for the browser to hydrate.
      expect(html, p).toContain('<div id="root" data-prerendered="">');
      expect(html, p).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(html, p).toContain('The page you asked for does not exist or has moved.');
      expect(html, p).toContain('<title>Page Not Found | ShuttleQuote</title>');
      expect(html, p).toContain('<meta name="robots" content="noindex" />');
      expect(html, p).not.toContain('rel="canonical"');
      expect(html, p).not.toContain('__APP_CONFIG__');
    }
  });

  it('answers the real pages 200, public or signed-in, with any id', async () => {
    for (const p of [
      '/',
      '/about',
      '/About',
      '/dashboard',
      '/admin',
      '/admin/bookings/123',
      `/booking/${crypto.randomUUID()}`,
      '/edit-ride/42',
      '/driver-matching/42',
      '/test-email',
      // The development mailbox is a page in development (this server's APP_ENV).
      '/dev/mailbox',
    ]) {
      const res = await web.app.request(p, { redirect: 'manual' });
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).not.toContain('Page Not Found');
    }
  });

  it('lists in /sitemap.xml only pages that answer 200', async () => {
    const xml = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) {
      expect(url.startsWith(server.deps.env.APP_URL), url).toBe(true);
      const res = await web.app.request(new URL(url).pathname, { redirect: 'manual' });
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).not.toContain('noindex');
    }
  });

  it('renders the page itself on the server for a public route, and the default accessibility settings', async () => {
    const html = await (await web.app.request('/faq')).text();
    expect(html).toContain('<div id="root" data-prerendered="">');
    expect(html).toContain('<h1');
    expect(html).toContain('Frequently asked questions');
    expect(html).toContain('data-focus-indicators="strong"');
  });
});
