/**
 * Public content pages without React (issue 34 item 3, ADR 034): the home page loads only its small
 * scripts, and its menu, cookie banner and accessibility panel work by keyboard; the app's pages still
 * load the app.
 */
import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './support.ts';

test.use({ bypassCSP: true });

/** Every script the page fetched, with whether it holds React's runtime (its element symbol). */
function watchScripts(page: Page) {
  const scripts: { url: string; react: boolean }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    scripts.push({ url: response.url(), react: body.includes('react.transitional.element') });
  });
  return scripts;
}

test('the home page loads no React runtime, only the scripts its HTML names', async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto('/');
  await expect(page.locator('html[data-overlays="ready"]')).toHaveCount(1);
  // Time for anything loaded later (idle callbacks, the cookie banner at 1 s) to arrive.
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const named = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
        'script[src],link[rel="modulepreload"]',
      ),
    ].map((el) => new URL(el instanceof HTMLScriptElement ? el.src : el.href).pathname),
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.react).map((s) => s.url)).toEqual([]);
  for (const s of scripts) expect(named).toContain(new URL(s.url).pathname);
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('on a phone screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Menu opens, traps and closes by keyboard, and opens the accessibility panel', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html[data-overlays="ready"]')).toHaveCount(1);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // Shift+Tab from the first control wraps to the last: the focus stays in the menu.
    await page.keyboard.press('Shift+Tab');
    await expect(menu.getByRole('button', { name: 'Accessibility settings' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    const panel = page.getByRole('dialog', { name: 'Accessibility Settings' });
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menuButton).toBeFocused();

    // A link in the menu is a page load to that page.
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'About' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  });
});

test('the cookie banner is reached first by Tab and keeps the choice the app reads', async ({ page }) => {
  await page.goto('/how-it-works');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('link', { name: 'Cookie Policy' })).toBeFocused();
  // Customize opens the preferences; Analytics on, saved by keyboard.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const prefs = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(prefs).toBeVisible();
  const analytics = prefs.getByRole('switch', { name: 'Analytics' });
  await analytics.focus();
  await page.keyboard.press('Space');
  await expect(analytics).toHaveAttribute('aria-checked', 'true');
  await prefs.getByRole('button', { name: 'Save Preferences' }).focus();
  await page.keyboard.press('Enter');
  await expect(prefs).toBeHidden();
  await expect(banner).toBeHidden();
  await expect(page.locator('#main-content')).toBeFocused();
  const stored = await page.evaluate(() => ({
    consent: JSON.parse(localStorage.getItem('sq.cookieConsent') ?? 'null'),
    analytics: localStorage.getItem('sq.analyticsConsent'),
  }));
  expect(stored.consent).toMatchObject({ essential: true, analytics: true, functional: false });
  expect(stored.analytics).toBe('true');

  // The app's own settings page shows the same choice (no banner there either).
  await page.goto('/login');
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await page.waitForTimeout(1500);
  await expect(banner).toHaveCount(0);
});

test('the accessibility panel works by keyboard and the app keeps what was chosen', async ({ page }) => {
  await page.goto('/safety');
  await expect(page.locator('html[data-overlays="ready"]')).toHaveCount(1);
  const opener = page.locator('header').getByRole('button', { name: 'Accessibility settings' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Accessibility Settings' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Increase text size' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveCSS('font-size', '17.6px');
  await expect(panel.getByTestId('font-size-value')).toHaveText('110%');
  await panel.getByRole('tab', { name: 'Display' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('tab', { name: 'Interaction' })).toHaveAttribute('aria-selected', 'true');
  const motion = panel.getByRole('switch', { name: 'Reduce motion' });
  await motion.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-reduced-motion', 'on');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();

  // Alt+Shift+A opens it again (keyboard shortcuts are on by default).
  await page.keyboard.press('Alt+Shift+A');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');

  // The app (sign-in page) starts with the same settings, and its panel shows them.
  const scripts = watchScripts(page);
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(scripts.some((s) => s.react)).toBe(true);
  await expect(page.locator('html')).toHaveCSS('font-size', '17.6px');
  await page.locator('header').getByRole('button', { name: 'Accessibility settings' }).click();
  await page.getByRole('tab', { name: 'Interaction' }).click();
  await expect(page.getByRole('switch', { name: 'Reduce motion' })).toHaveAttribute('aria-checked', 'true');
});
