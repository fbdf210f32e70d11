/**
 * Issue 5 "Found and shared": a crawler or link preview that runs no JavaScript gets each public page's
 * heading, metadata and JSON-LD in the HTML; /sitemap.xml and /robots.txt; and in a real browser the
 * JSON-LD raises no CSP report and the app takes over from the server's markup.
 */
import { expect, test } from '@playwright/test';
import { FAQ_ENTRIES, PUBLIC_PAGES } from '../src/shared/public-content.ts';

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
  test('JSON-LD causes no CSP report and the app replaces the server markup', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    for (const path of ['/faq', '/how-it-works', '/support', '/'] as const) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached();
      await expect(page.locator('[data-prerendered]')).toHaveCount(0);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveText(PUBLIC_PAGES[path].heading);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
    }
    expect(problems).toEqual([]);
  });
});

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
