/**
 * Issue 5 "Found and shared": a crawler or link preview that runs no JavaScript gets each public page's
 * heading, metadata and JSON-LD in the HTML; /sitemap.xml and /robots.txt; and in a real browser the
 * JSON-LD raises no CSP report and the app takes over from the server's markup.
 */
import { expect, test } from '@playwright/test';
import { CLIENT_RENDERED_PATHS, publicPageMeta } from '../src/server/seo/pages.ts';
import { FAQ_ENTRIES, PUBLIC_PAGES } from '../src/shared/public-content.ts';
import { PUBLIC_ROUTES } from '../src/shared/roles.ts';
import { SUPPORT_FORM_MESSAGES } from '../src/shared/validation/support-forms.ts';

const html = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function jsonLd(body: string): Record<string, unknown>[] {
  return [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}

const CASES = [
  { path: '/', type: 'Service' },
  { path: '/about', type: 'AboutPage' },
  { path: '/faq', type: 'FAQPage' },
] as const;

test.describe('found and shared (no JavaScript)', () => {
  for (const { path, type } of CASES) {
    test(`GET ${path} carries its heading, metadata and ${type} JSON-LD`, async ({ request, baseURL }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('text/html');
      const body = await res.text();
      const page = PUBLIC_PAGES[path];
      const title = html(`${page.title} | ShuttleQuote`);
      expect(body).toMatch(new RegExp(`<h1[^>]*>${escapeRe(html(page.heading))}</h1>`));
      expect(body).toContain(`<title>${title}</title>`);
      expect(body).toContain(`<meta name="description" content="${html(page.description)}" />`);
      expect(body).toContain(`<link rel="canonical" href="${baseURL}${path}" />`);
      expect(body).toContain(`<meta property="og:title" content="${title}" />`);
      expect(body).toContain('<meta name="twitter:card" content="summary" />');
      const blocks = jsonLd(body);
      const block = blocks.find((b) => b['@type'] === type);
      expect(block?.['@context']).toBe('https://schema.org');
      if (type === 'FAQPage') {
        const questions = block?.mainEntity as { '@type': string; acceptedAnswer: { '@type': string } }[];
        expect(questions.length).toBe(FAQ_ENTRIES.length);
        for (const q of questions) {
          expect(q['@type']).toBe('Question');
          expect(q.acceptedAnswer['@type']).toBe('Answer');
        }
        expect(body).toContain(html(FAQ_ENTRIES[0]?.question ?? ''));
      }
      if (type === 'Service') {
        expect(block).toMatchObject({
          areaServed: { name: 'New South Wales' },
          offers: { priceSpecification: { price: 1.5, priceCurrency: 'AUD' } },
        });
      }
    });
  }

  test('/sitemap.xml lists the public pages and /robots.txt keeps the signed-in area out', async ({
    request,
    baseURL,
  }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/about</loc>`);
    expect(xml).not.toContain('/dashboard');
    expect(xml).not.toContain('/test-page');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Disallow: \/dashboard$/m);
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test.describe('found and shared (in the browser)', () => {
  test('JSON-LD causes no CSP report and the app hydrates the server markup without redrawing it', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      // A hydration mismatch is reported as a console error (React's minified error #418 in production).
      if (msg.type() === 'error' || /Content Security Policy|Refused to/i.test(msg.text())) {
        problems.push(msg.text());
      }
    });
    page.on('pageerror', (err) => problems.push(err.message));
    // Remember the server's <main> element, to check the app kept it (hydration) instead of redrawing.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverMain: Element | null }).serverMain = document.querySelector('main');
      });
    });
    // Every server-rendered public route, sign-in screens included, then /login (an app page, ADR 034)
    // last for the link below.
    const paths = [
      ...PUBLIC_ROUTES.filter((p) => p !== '/login' && !CLIENT_RENDERED_PATHS.includes(p)),
      '/login',
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached();
      await expect(page.locator('[data-prerendered]')).toHaveCount(0);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveText(publicPageMeta(path)?.heading ?? '');
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      const kept = await page.evaluate(
        () =>
          (window as unknown as { serverMain: Element | null }).serverMain === document.querySelector('main'),
      );
      expect(kept, `${path}: the server's <main> is still in the page`).toBe(true);
    }
    // The app is live on the hydrated page: a link changes the page without a reload.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page.locator('h1')).toHaveText(PUBLIC_PAGES['/about'].heading);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(problems).toEqual([]);
  });
});

test.describe('pages that do not exist (issue 12)', () => {
  test('an unknown path answers 404 with the not-found page, which the app hydrates without redrawing', async ({
    page,
    request,
  }) => {
    const raw = await request.get('/no-such-page', { maxRedirects: 0 });
    expect(raw.status()).toBe(404);
    const body = await raw.text();
    expect(body).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(body).toContain('<title>Page Not Found | ShuttleQuote</title>');
    expect(body).toContain('<meta name="robots" content="noindex" />');

    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/404 \(Not Found\)/.test(msg.text())) problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverMain: Element | null }).serverMain = document.querySelector('main');
      });
    });
    for (const path of ['/no-such-page', '/some/deeper/path/']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.locator('[data-prerendered]')).toHaveCount(0);
      await expect(page.locator('h1')).toHaveText('Page not found');
      // The browser's own title for the page is the one the server sent.
      await expect(page).toHaveTitle('Page Not Found | ShuttleQuote');
      await expect(page).toHaveURL((url) => url.pathname === path);
      const kept = await page.evaluate(
        () =>
          (window as unknown as { serverMain: Element | null }).serverMain === document.querySelector('main'),
      );
      expect(kept, `${path}: the server's <main> is still in the page`).toBe(true);
    }
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(problems).toEqual([]);
  });

  test('every URL in /sitemap.xml answers 200', async ({ request, baseURL }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) {
      expect(url.startsWith(`${baseURL}`), url).toBe(true);
      const res = await request.get(url, { maxRedirects: 0 });
      expect(res.status(), url).toBe(200);
    }
  });
});

test.describe('before the app has started', () => {
  test('a tap on Menu and a form submit are held and played back once the page is live, never sent by the browser', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Hold back the app's start script so the server's page stays as it is for as long as we need.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/start-*.js', async (route) => {
      await gate;
      await route.continue();
    });
    const documents: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(`${req.method()} ${new URL(req.url()).pathname}`);
    });
    await page.goto('/support');
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);

    const form = page.getByRole('form', { name: 'Contact support' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);

    release();
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(form.getByText(SUPPORT_FORM_MESSAGES.messageRequired)).toBeVisible();
    // Only the first page load: the browser never submitted the form itself.
    expect(documents).toEqual(['GET /support']);
  });
});

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
