import { expect, type Page, test } from '@playwright/test';
import { createConfirmedUser, E2E_ADMIN, signInAsAdmin, signInQuickly } from './support.ts';

/** [path, where a guest, customer, driver and admin end up]; '=' means the page itself opens. */
const TABLE: [string, string, string, string, string][] = [
  ['/dashboard', '/login', '=', '=', '='],
  ['/profile', '/login', '=', '/driver-profile', '='],
  ['/driver-profile', '/login', '/profile', '=', '='],
  ['/driver-dashboard', '/login', '/dashboard', '=', '='],
  ['/users', '/login', '/dashboard', '/dashboard', '='],
  ['/admin', '/login', '/dashboard', '/dashboard', '/admin-dashboard'],
  ['/admin-dashboard', '/login', '/dashboard', '/dashboard', '='],
  ['/admin/bookings/123', '/login', '/dashboard', '/dashboard', '='],
  ['/available-rides', '/login', '/dashboard', '=', '='],
  ['/driver-billing', '/login', '/dashboard', '=', '='],
  ['/my-quotes', '/login', '=', '/dashboard', '='],
  ['/book-ride', '=', '=', '/dashboard', '='],
  ['/edit-ride/42', '/login', '=', '/dashboard', '='],
  ['/bookings', '/login', '=', '=', '='],
  ['/booking/123', '/login', '=', '=', '='],
  ['/settings', '/login', '=', '=', '='],
  ['/about', '=', '=', '=', '='],
];

/** Paths that are no page of the app (no route, or a role-prefix area page that does not exist). */
const UNKNOWN = ['/no-such-page', '/customer/anything', '/admin/nothing', '/booking/123/extra'];

/** Every role gets the not-found page at the address it asked for: status 404, no redirect. */
async function expectNotFound(page: Page) {
  for (const path of UNKNOWN) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle('Page Not Found | ShuttleQuote');
    // The signed-in session's checks have run and still nothing moved.
    await page.waitForTimeout(300);
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByText('Authenticating...')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  }
}

// Each redirect test opens 17 pages in turn; on a loaded 2-core machine that needs more than the default
// 45 s budget (a test budget, not a timing assertion).
test.describe.configure({ timeout: 120_000 });

async function expectLanding(page: Page, path: string, expected: string) {
  await page.goto(path);
  const target = expected === '=' ? path : expected;
  await expect(page).toHaveURL((url) => url.pathname === target);
  await expect(page.getByText('Authenticating...')).toHaveCount(0);
  await expect(page.locator('h1')).toBeVisible();
}

test('guest redirects', async ({ page }) => {
  for (const [path, guest] of TABLE) await expectLanding(page, path, guest);
});

test('customer redirects', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'customer');
  await signInQuickly(page, user.email, user.password);
  for (const [path, , customer] of TABLE) await expectLanding(page, path, customer);
});

test('driver redirects', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'driver');
  await signInQuickly(page, user.email, user.password);
  for (const [path, , , driver] of TABLE) await expectLanding(page, path, driver);
});

test('admin redirects', async ({ page }) => {
  await signInAsAdmin(page);
  for (const [path, , , , admin] of TABLE) await expectLanding(page, path, admin);
  // The newest accounts come first: the admin, made at start-up, is found by role.
  await page.goto('/users?role=admin');
  await expect(page.getByRole('cell', { name: E2E_ADMIN.email })).toBeVisible();
});

test.describe('paths that are no page: the not-found page, status 404, no redirect', () => {
  test('guest', async ({ page }) => {
    await expectNotFound(page);
  });

  test('customer and driver', async ({ page, browser, request }) => {
    const customer = await createConfirmedUser(request, 'customer');
    await signInQuickly(page, customer.email, customer.password);
    await expectNotFound(page);
    const driverPage = await browser.newPage();
    const driver = await createConfirmedUser(request, 'driver');
    await signInQuickly(driverPage, driver.email, driver.password);
    await expectNotFound(driverPage);
    await driverPage.close();
  });

  test('admin', async ({ page }) => {
    await signInAsAdmin(page);
    await expectNotFound(page);
  });
});

test('a test session opens the dashboard without touching the API', async ({ page }) => {
  await page.goto('/signup/test');
  await page.getByLabel('Full name').fill('Tess Tester');
  await page.getByLabel('Email').fill('tess@example.com');
  await page.getByLabel('Driver').check();
  await page.getByRole('button', { name: 'Create test account' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Driver dashboard');
  await expect(page.getByText('Test session: this account lives only in this browser tab')).toBeVisible();
  // The API does not trust it.
  const session = await page.request.get('/api/session');
  expect((await session.json()).user).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('test_user_type'))).toBe('driver');
});

test('while the session cannot be read, the guard says Authenticating... and gives up after three 3 s time-outs', async ({
  page,
}) => {
  // The session endpoint never answers (a stalled network); the app's own code runs unchanged.
  await page.route('**/api/session', () => undefined);
  await page.goto('/about');
  await page.evaluate(() => localStorage.setItem('sq.auth.signedIn', '1'));
  const started = Date.now();
  await page.goto('/dashboard');
  await expect(page.getByText('Authenticating...')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(8_500);
  // Stored auth was cleared and the clear_auth flag removed from the address.
  expect(await page.evaluate(() => localStorage.getItem('sq.auth.signedIn'))).toBeNull();
  await expect(page).toHaveURL(/\/login$/);
});
