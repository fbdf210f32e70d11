/**
 * The app's router (ADR 037: react-router's declarative mode, pages loaded on first use): going to a page
 * whose code has not arrived yet keeps the current page on screen until it has, and a page whose code
 * cannot be fetched shows SPEC §2.7's router fallback, which going elsewhere clears.
 */
import { expect, type Page, test } from '@playwright/test';

/** Waits until the server-rendered page is hydrated (Layout removes data-prerendered). */
async function hydrated(page: Page) {
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
}

test('a page whose code is still arriving leaves the current page on screen until it is in', async ({
  page,
}) => {
  await page.goto('/login');
  await hydrated(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/forgot-password-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The sign-in form stays, not a blank page or a spinner, while the page's code is on its way.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

test('a page whose code cannot be fetched shows the router fallback; going elsewhere clears it', async ({
  page,
}) => {
  await page.goto('/login');
  await hydrated(page);
  const chunk = /\/assets\/signup-[A-Za-z0-9_-]{8}\.js$/;
  const failures: string[] = [];
  await page.route(chunk, (route) => {
    failures.push(route.request().url());
    return route.abort('connectionreset');
  });
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();

  // Tried once more within the navigation at most, not over and over.
  expect(failures.length).toBeLessThanOrEqual(4);

  await page.unroute(chunk);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
  // A new navigation fetches the page that failed again.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});
