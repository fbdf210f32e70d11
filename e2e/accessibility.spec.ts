/**
 * App-wide accessibility of the shell (issue 12): navigation per role, nothing covering a focused control
 * (WCAG 2.4.11), no sideways scrolling with 150 % text, focus never lost to the page body, axe with the
 * menus, dialogs and banner open, keyboard-scrollable tables, and settings that follow the account.
 * Phones are 390 px wide; keyboard journeys use page.keyboard only.
 */
import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  axeViolations,
  createConfirmedUser,
  fixtureAddress,
  signInAsAdmin,
  signInQuickly,
} from './support.ts';

test.use({ bypassCSP: true });

const PHONE = { width: 390, height: 844 };
const DECIDED = JSON.stringify({
  essential: true,
  functional: false,
  analytics: false,
  consentDate: '2026-01-01T00:00:00.000Z',
});

/** Waits until the server-rendered page is hydrated (Layout removes data-prerendered). */
async function hydrated(page: Page) {
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
}

/** Skips the cookie banner (a choice is already saved). */
async function consentGiven(page: Page) {
  await page.addInitScript((value) => localStorage.setItem('sq.cookieConsent', value), DECIDED);
}

async function signedIn(
  page: Page,
  request: Parameters<typeof createConfirmedUser>[0],
  role: 'customer' | 'driver',
) {
  const user = await createConfirmedUser(request, role);
  await signInQuickly(page, user.email, user.password);
  return user;
}

/** Describes the focused element when its centre is covered by something that is not part of it. */
function coveredFocus(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    // The first line box: a link that wraps onto two lines has its middle between them.
    const r = el.getClientRects()[0];
    if (!r || r.width === 0 || r.height === 0) return null;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return null;
    const name = (e: Element | null) =>
      e
        ? `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${(e.textContent ?? '').trim().slice(0, 30)}"`
        : 'nothing';
    return `${name(el)} at (${Math.round(x)}, ${Math.round(y)}) is under ${name(hit)}`;
  });
}

/** Tabs through the whole page (forwards or backwards) and lists every focused control that is covered. */
async function tabThroughPage(page: Page, key: 'Tab' | 'Shift+Tab', max = 80) {
  const covered: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const id = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'body';
      const path: number[] = [];
      for (let n: Element | null = el; n?.parentElement; n = n.parentElement) {
        path.push([...n.parentElement.children].indexOf(n));
      }
      return path.join('.');
    });
    if (seen.has(id)) break;
    seen.add(id);
    const problem = await coveredFocus(page);
    if (problem) covered.push(problem);
  }
  return covered;
}

test.describe('navigation per role', () => {
  test('guests get the public pages only', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'About', 'How It Works', 'Safety', 'Support']);
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });

  test('a customer gets their pages in the header and the phone menu, the current one marked', async ({
    page,
    request,
  }) => {
    await consentGiven(page);
    await signedIn(page, request, 'customer');
    await page.goto('/bookings');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([
      'Book a ride',
      'My trips',
      'My quotes',
      'Bookings',
      'Home',
      'About',
      'How It Works',
      'Safety',
      'Support',
    ]);
    await expect(nav.getByRole('link', { name: 'Bookings' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('navigation', { name: 'Your pages' }).getByRole('link')).toHaveText([
      'Book a ride',
      'My trips',
      'My quotes',
      'Bookings',
      'Profile',
      'Settings',
    ]);
    await expect(menu.getByRole('link', { name: 'Bookings' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('button', { name: 'Accessibility settings' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Log Issue' })).toBeVisible();
  });

  test('a driver gets Available rides, My quotes (their quotes list), Bookings and Driver profile', async ({
    page,
    request,
  }) => {
    await consentGiven(page);
    await signedIn(page, request, 'driver');
    await page.goto('/available-rides');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link').first()).toHaveText('Available rides');
    await expect(nav.getByRole('link', { name: 'Available rides' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'My quotes' })).toHaveAttribute('href', '/driver/quotes');
    await expect(nav.getByRole('link', { name: 'Bookings' })).toBeVisible();
    // Issue 32: the header fits one row at 1280 px; My runs and Fixed prices are under More.
    await nav.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: 'My runs' })).toHaveAttribute('href', '/driver-runs');
    await expect(page.getByRole('menuitem', { name: 'Fixed prices' })).toHaveAttribute(
      'href',
      '/driver-fares',
    );
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Book a ride' })).toHaveCount(0);
    // The driver profile is in the avatar menu on wide screens (and in the phone menu).
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/driver-profile');
    await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveAttribute('href', '/driver-billing');
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('navigation', { name: 'Your pages' })
        .getByRole('link'),
    ).toHaveText([
      'Available rides',
      'My quotes',
      'Bookings',
      'My runs',
      'Fixed prices',
      'Driver profile',
      'Billing',
      'Settings',
    ]);
  });

  test('an admin gets the admin dashboard and Users', async ({ page }) => {
    await consentGiven(page);
    await signInAsAdmin(page);
    await page.goto('/users');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link').first()).toHaveText('Admin dashboard');
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Book a ride' })).toHaveCount(0);
  });
});

test.describe('nothing covers the focused control', () => {
  test('at 390 px with the cookie banner, Tab and Shift+Tab never land under the header, banner or a floating button', async ({
    page,
    request,
  }) => {
    await signedIn(page, request, 'customer');
    await page.setViewportSize(PHONE);
    await page.goto('/how-it-works');
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    // The banner is compact: an eighth of the screen at most.
    const banner = await page.getByRole('region', { name: 'Cookie consent' }).boundingBox();
    expect(banner!.height).toBeLessThanOrEqual(PHONE.height / 8);
    // Nothing floats over the page on a phone: the buttons are in the footer (and the Menu).
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log Issue' })).toBeHidden();
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Log Issue' })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('button', { name: 'Accessibility settings' }),
    ).toBeVisible();

    expect(await tabThroughPage(page, 'Tab')).toEqual([]);
    expect(await tabThroughPage(page, 'Shift+Tab')).toEqual([]);
  });

  test('at 1280 px nothing floats: accessibility and Log Issue are in the header', async ({
    page,
    request,
  }) => {
    await signedIn(page, request, 'customer');
    await page.goto('/how-it-works');
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Log Issue' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Accessibility settings' })).toBeVisible();
    const fixed = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => getComputedStyle(el).position === 'fixed' && el.getBoundingClientRect().height > 0)
        .map((el) => el.getAttribute('aria-label') ?? el.tagName.toLowerCase()),
    );
    // Only the cookie banner (and the empty toast area) is fixed to the screen.
    expect(fixed.filter((name) => name !== 'Notifications')).toEqual(['Cookie consent']);
    expect(await tabThroughPage(page, 'Tab')).toEqual([]);
    expect(await tabThroughPage(page, 'Shift+Tab')).toEqual([]);
  });
});

test('at 390 px a toast never covers the control Tab moves to', async ({ page, context }) => {
  await consentGiven(page);
  await page.setViewportSize(PHONE);
  await page.goto('/how-it-works');
  await hydrated(page);
  await expect(page.locator('[data-connection-state="online"]')).toBeAttached();
  await context.setOffline(true);
  const toast = page.getByTestId('toast');
  await expect(toast).toBeVisible();
  const covered: string[] = [];
  let whileShowing = 0;
  for (let i = 0; i < 60 && (await toast.count()) > 0; i++) {
    await page.keyboard.press('Tab');
    whileShowing += 1;
    const problem = await coveredFocus(page);
    if (problem) covered.push(problem);
  }
  await context.setOffline(false);
  expect(whileShowing).toBeGreaterThan(10);
  expect(covered).toEqual([]);
});

test('with 150 % text nothing scrolls sideways at 390 px', async ({ page, request }) => {
  await page.addInitScript(() =>
    localStorage.setItem('sq.accessibility', JSON.stringify({ fontSizeMultiplier: 1.5 })),
  );
  await consentGiven(page);
  await page.setViewportSize(PHONE);
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const path of ['/', '/about', '/login']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    expect(await overflow(), path).toBeLessThanOrEqual(0);
  }
  await signedIn(page, request, 'customer');
  for (const path of ['/dashboard', '/settings', '/notifications', '/book-ride', '/bookings', '/profile']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    expect(await overflow(), path).toBeLessThanOrEqual(0);
  }
});

test("with 150 % text a driver's pages do not scroll sideways at 390 px", async ({
  browser,
  request,
  baseURL,
}) => {
  const page = await newPage(browser, baseURL);
  await page.addInitScript(() =>
    localStorage.setItem('sq.accessibility', JSON.stringify({ fontSizeMultiplier: 1.5 })),
  );
  await page.setViewportSize(PHONE);
  await signedIn(page, request, 'driver');
  for (const path of ['/available-rides', '/driver-profile', '/dashboard']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      // Controls wider than their own box (a date field spilling out of its card) count too.
      spilling: [...document.querySelectorAll('main input, main select, main button')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          const parent = el.parentElement!.getBoundingClientRect();
          return box.width > 0 && box.right > parent.right + 1;
        })
        .map((el) => (el as HTMLInputElement).name || el.textContent || el.tagName),
    }));
    expect(widths.page, path).toBeLessThanOrEqual(0);
    expect(widths.spilling, path).toEqual([]);
  }
  await page.context().close();
});

test.describe('focus is never lost to the page body', () => {
  test('after a client-side navigation it is on the new page heading, and the title is announced', async ({
    page,
  }) => {
    await consentGiven(page);
    // An app page: the public content pages are page loads of their own (ADR 034), so start in the app.
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Safety' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/safety$/);
    const h1 = page.locator('main h1');
    await expect(h1).toBeFocused();
    await expect(page.getByTestId('a11y-live-region')).toHaveText(/Safety \| ShuttleQuote/);

    // The same from the phone menu.
    await page.setViewportSize(PHONE);
    await page.locator('button[aria-label="Open menu"]').focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'How It Works' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(menu).toBeHidden();
    await expect(page.locator('main h1')).toBeFocused();

    // A link to the page already shown: nothing changes, so the focus goes back to the Menu button.
    const menuButton = page.locator('button[aria-label="Open menu"]');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'How It Works' }).focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('after choosing in the cookie banner or its preferences', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/about');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Essential Only' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    await expect(page.locator('#main-content')).toBeFocused();

    await page.evaluate(() => localStorage.removeItem('sq.cookieConsent'));
    await page.reload();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Customize' }).focus();
    await page.keyboard.press('Enter');
    const prefs = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(prefs).toBeVisible();
    await prefs.getByRole('button', { name: 'Save Preferences' }).focus();
    await page.keyboard.press('Enter');
    await expect(prefs).toBeHidden();
    await expect(page.locator('#main-content')).toBeFocused();

    // Opened from the footer, the focus goes back to the footer's button.
    const cookieSettings = page.getByRole('button', { name: 'Cookie settings' });
    await cookieSettings.focus();
    await page.keyboard.press('Enter');
    await expect(prefs).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cookieSettings).toBeFocused();
  });

  test('after closing the accessibility panel opened from the footer or the phone menu', async ({ page }) => {
    await consentGiven(page);
    await page.setViewportSize(PHONE);
    await page.goto('/about');
    const panel = page.getByRole('dialog', { name: 'Accessibility Settings' });
    const footerButton = page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Accessibility settings' });
    await footerButton.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Save & Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    await expect(footerButton).toBeFocused();

    const menuButton = page.locator('button[aria-label="Open menu"]');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Accessibility settings' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect(menu).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('the Log Issue dialog moves the focus to the first field in error', async ({ page, request }) => {
    await consentGiven(page);
    await signedIn(page, request, 'customer');
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard');
    const footerButton = page.getByRole('contentinfo').getByRole('button', { name: 'Log Issue' });
    await footerButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report an Issue' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Issue Title').fill('Seat map glitch');
    await dialog.getByRole('button', { name: 'Submit Issue' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toContainText('Description must be at least 10 characters');
    await expect(dialog.getByLabel('Description')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(footerButton).toBeFocused();
  });
});

test.describe('no axe violations with menus, dialogs and the banner open', () => {
  test('the account menu open at 1280 and 390 px', async ({ page, request }) => {
    const user = await signedIn(page, request, 'customer');
    await page.goto('/dashboard');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    const trigger = page.getByRole('button', { name: `Account menu for ${user.email}` });
    await trigger.click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.setViewportSize(PHONE);
    await trigger.click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the phone menu, the accessibility panel and the Log Issue dialog at 390 px', async ({
    page,
    request,
  }) => {
    await signedIn(page, request, 'driver');
    await page.setViewportSize(PHONE);
    await page.goto('/available-rides');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log Issue' }).click();
    await expect(page.getByRole('dialog', { name: 'Report an Issue' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('contentinfo').getByRole('button', { name: 'Accessibility settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Accessibility Settings' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('the admin tables scroll sideways by keyboard at 390 px', async ({ page }) => {
  await consentGiven(page);
  await signInAsAdmin(page);
  // One reported issue, so the issues table shows.
  const res = await page.request.post('/api/issues', {
    multipart: {
      title: 'Keyboard table check',
      description: 'A row for the admin table keyboard test.',
      category: 'bug',
      priority: 'low',
    },
    headers: { ...fixtureAddress(), 'idempotency-key': randomUUID() },
  });
  expect(res.status()).toBe(201);
  await page.setViewportSize(PHONE);

  for (const [path, name] of [
    ['/admin-dashboard', 'Reported issues (scrolls sideways)'],
    ['/users', 'Accounts (scrolls sideways)'],
  ] as const) {
    await page.goto(path);
    const region = page.getByRole('region', { name });
    await expect(region).toBeVisible();
    // Reached with Tab alone.
    let reached = false;
    for (let i = 0; i < 120 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await region.evaluate((el) => el === document.activeElement);
    }
    expect(reached, path).toBe(true);
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }
  expect(await axeViolations(page)).toEqual([]);
});

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, bypassCSP: true });
  const page = await context.newPage();
  await consentGiven(page);
  return page;
}

test('accessibility settings follow the account into another browser; guests keep their own', async ({
  browser,
  request,
  baseURL,
}) => {
  const user = await createConfirmedUser(request, 'customer');
  const first = await newPage(browser, baseURL);
  await signInQuickly(first, user.email, user.password);
  await first.goto('/settings');
  await expect(first.locator('h1')).toBeVisible();
  await first.getByRole('banner').getByRole('button', { name: 'Accessibility settings' }).click();
  const panel = first.getByRole('dialog', { name: 'Accessibility Settings' });
  // The save that carries the last change (a run of clicks may save an earlier step first).
  const saved = first.waitForResponse((r) => {
    if (!r.url().endsWith('/api/me/accessibility') || r.request().method() !== 'PUT' || !r.ok()) return false;
    const body = r.request().postDataJSON() as { fontSizeMultiplier?: number; highContrast?: boolean };
    return body.highContrast === true && (body.fontSizeMultiplier ?? 0) >= 1.49;
  });
  for (let i = 0; i < 5; i++) await panel.getByRole('button', { name: 'Increase text size' }).click();
  await panel.getByRole('switch', { name: 'High contrast' }).click();
  await saved;
  await expect(first.locator('html')).toHaveCSS('font-size', '24px');
  await first.context().close();

  // Another browser: a guest there keeps the defaults until signing in, then gets the account's settings.
  const second = await newPage(browser, baseURL);
  await second.goto('/about');
  await expect(second.locator('html')).toHaveCSS('font-size', '16px');
  await signInQuickly(second, user.email, user.password);
  await second.goto('/dashboard');
  await expect(second.locator('html')).toHaveCSS('font-size', '24px');
  await expect(second.locator('html')).toHaveAttribute('data-contrast', 'high');
  await second.context().close();
});
