/**
 * First-party analytics (SPEC §7, §9): with analytics consent, page views reach our own API and an admin
 * sees them in the summary; without consent nothing is sent. Nothing ever goes to another origin.
 */
import { expect, type Page, test } from '@playwright/test';
import { adminRequest } from './support.ts';

interface Summary {
  sessions: number;
  pageViews: number;
  topPages: { url: string; views: number }[];
}

async function giveConsent(page: Page, analytics: boolean) {
  await page.addInitScript((value) => {
    localStorage.setItem(
      'sq.cookieConsent',
      JSON.stringify({
        essential: true,
        functional: false,
        analytics: value,
        consentDate: new Date().toISOString(),
      }),
    );
    localStorage.setItem('sq.analyticsConsent', String(value));
  }, analytics);
}

/** What a browser does when the visitor switches tab or leaves: the tracker sends by beacon. */
async function hideAndLeave(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
  });
}

function watchRequests(page: Page, baseURL: string) {
  const analyticsPosts: string[] = [];
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
    if (req.method() === 'POST' && new URL(url).pathname === '/api/analytics')
      analyticsPosts.push(req.postData() ?? '');
  });
  return { analyticsPosts, foreign };
}

test('with analytics consent, page views reach the API and the admin summary', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  await giveConsent(page, true);
  const seen = watchRequests(page, base);
  // A public page no other journey opens with analytics consent (a made-up path would send a guest to /login).
  const unique = '/careers';

  // Public pages arrive server-rendered; wait until the app has taken over and its overlays (which carry
  // the analytics tracker, loaded once the page is idle) are in: <html data-overlays="ready"> shows that.
  const appReady = async () => {
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.locator('html[data-overlays="ready"]')).toHaveCount(1);
  };
  await page.goto('/');
  await appReady();
  await page.goto('/about');
  await appReady();
  // A third route, reached inside the app (no reload): a client-side route change is a page view too.
  // (From an app page: the content pages are page loads of their own, ADR 034.)
  await page.goto('/login');
  await appReady();
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, unique);
  await expect(page).toHaveURL(new RegExp(`${unique}$`));
  // The router commits the new page once its code has loaded; the page view is counted then.
  await expect(page).toHaveTitle(/^Careers \|/);

  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/analytics'));
  await hideAndLeave(page);
  await sent;

  const admin = await adminRequest(base);
  let summary: Summary | undefined;
  await expect
    .poll(async () => {
      const res = await admin.get('/api/analytics/summary?limit=50');
      expect(res.status()).toBe(200);
      summary = (await res.json()) as Summary;
      const urls = summary.topPages.map((p) => p.url);
      return ['/', '/about', unique].every((u) => urls.includes(u));
    })
    .toBe(true);
  expect(summary!.sessions).toBeGreaterThanOrEqual(1);
  expect(summary!.pageViews).toBeGreaterThanOrEqual(3);
  await admin.dispose();

  // Every batch carried the consent flag, no query strings, and nothing left for another origin.
  expect(seen.analyticsPosts.length).toBeGreaterThan(0);
  for (const body of seen.analyticsPosts) expect(JSON.parse(body).consent).toEqual({ analytics: true });
  expect(seen.foreign).toEqual([]);
});

test('without analytics consent nothing is sent', async ({ page, baseURL }) => {
  await giveConsent(page, false);
  const seen = watchRequests(page, baseURL ?? '');
  // Public pages arrive server-rendered; wait until the app has taken over and its overlays (which carry
  // the analytics tracker, loaded once the page is idle) are in: <html data-overlays="ready"> shows that.
  const appReady = async () => {
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.locator('html[data-overlays="ready"]')).toHaveCount(1);
  };
  await page.goto('/');
  await appReady();
  await page.goto('/about');
  await appReady();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/support');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/support$/);
  await page.locator('header a').first().click();
  await hideAndLeave(page);
  await page.waitForTimeout(1_500);
  expect(seen.analyticsPosts).toEqual([]);
  expect(seen.foreign).toEqual([]);
});

test('with no choice made yet nothing is sent', async ({ page, baseURL }) => {
  const seen = watchRequests(page, baseURL ?? '');
  await page.goto('/about');
  // Wait for the app itself (not just the server-rendered copy), or the test could pass before it ran.
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.locator('html[data-overlays="ready"]')).toHaveCount(1);
  await hideAndLeave(page);
  await page.waitForTimeout(1_500);
  expect(seen.analyticsPosts).toEqual([]);
});
