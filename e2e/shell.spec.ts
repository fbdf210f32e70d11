import { expect, test } from '@playwright/test';
import { axeViolations, createConfirmedUser, signInQuickly } from './support.ts';

test.describe('shell', () => {
  test.use({ bypassCSP: true });

  test('page titles carry the brand and a description', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('About | ShuttleQuote');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Port Stephens/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'About | ShuttleQuote',
    );
  });

  test('skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('h1')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main-content$/);
  });

  test('guests see a 3-column footer, drivers a 4-column one with the drivers column', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('footer-columns')).toHaveAttribute('data-columns', '3');
    await expect(page.getByRole('navigation', { name: 'For Drivers' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    const driver = await createConfirmedUser(request, 'driver');
    await signInQuickly(page, driver.email, driver.password);
    await page.goto('/dashboard');
    await expect(page.getByTestId('footer-columns')).toHaveAttribute('data-columns', '4');
    await expect(page.getByRole('navigation', { name: 'For Drivers' }).getByRole('link')).toHaveCount(4);
  });

  test('narrow screens use the slide-out Menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Safety' }).click();
    await expect(page).toHaveURL(/\/safety$/);
    await expect(menu).toBeHidden();

    // By keyboard: Enter opens it with the focus inside, Escape closes it and gives the focus back.
    // (A CSS locator: while the modal menu is open, the rest of the page is hidden from the a11y tree.)
    const open = page.locator('button[aria-label="Open menu"]');
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
  });

  for (const path of [
    '/',
    '/login',
    '/signup',
    '/signup/driver',
    '/password-auth',
    '/forgot-password',
    '/signup/test',
  ]) {
    test(`no axe-core violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('no axe-core violations on the signed-in dashboard at 390 px', async ({ page, request }) => {
    const user = await createConfirmedUser(request, 'customer');
    await signInQuickly(page, user.email, user.password);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await expect(page.locator('h1')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('a page that throws shows the error card in the shell, with 3 retries, Go Home and Report Error', async ({
  page,
}) => {
  await page.goto('/test-page');
  const crash = async () => page.getByRole('button', { name: 'Trigger a render error' }).click();
  await crash();
  const card = page.getByRole('alert').filter({ hasText: 'This part of the page could not be shown' });
  await expect(card).toContainText('Test render error from the debug page');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expect(card.getByRole('link', { name: 'Report Error' })).toHaveAttribute('href', /^mailto:support@/);
  for (let i = 0; i < 3; i++) {
    await card.getByRole('button', { name: 'Try Again' }).click();
    await crash();
  }
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
});
