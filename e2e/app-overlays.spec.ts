/** The app-wide overlays: accessibility settings, cookie consent and the connection banner (SPEC §2.9, §2.10, §4, §8). */
import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './support.ts';

test.use({ bypassCSP: true });

const stored = (page: Page) =>
  page.evaluate(() => ({
    consent: JSON.parse(localStorage.getItem('sq.cookieConsent') ?? 'null'),
    analytics: localStorage.getItem('sq.analyticsConsent'),
  }));

async function openAccessibility(page: Page) {
  await page.getByRole('button', { name: 'Accessibility settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Accessibility Settings' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('accessibility settings', () => {
  test('text size and high contrast apply at once, survive a reload, and reset restores the defaults', async ({
    page,
  }) => {
    await page.goto('/about');
    const html = page.locator('html');
    // The site header (public pages have a second <header> for their own heading inside <main>).
    const header = page.locator('header').first();
    await expect(html).toHaveCSS('font-size', '16px');
    const brandBlue = await header.evaluate((el) => getComputedStyle(el).backgroundColor);

    let panel = await openAccessibility(page);
    await expect(panel.getByRole('tab')).toHaveText(['Display', 'Interaction', 'Screen Reader']);
    await panel.getByRole('button', { name: 'Increase text size' }).click();
    await panel.getByRole('button', { name: 'Increase text size' }).click();
    await expect(html).toHaveCSS('font-size', '19.2px');
    await panel.getByRole('switch', { name: 'High contrast' }).click();
    await expect(html).toHaveAttribute('data-contrast', 'high');
    await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.locator('body')).toHaveCSS('color', 'rgb(0, 0, 0)');
    expect(brandBlue).not.toBe('rgb(255, 255, 255)');
    await panel.getByRole('button', { name: 'Save & Close' }).click();
    await expect(panel).toBeHidden();

    await page.reload();
    await expect(html).toHaveCSS('font-size', '19.2px');
    await expect(html).toHaveAttribute('data-contrast', 'high');

    panel = await openAccessibility(page);
    await expect(panel.getByRole('switch', { name: 'High contrast' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await panel.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect(html).toHaveCSS('font-size', '16px');
    await expect(html).not.toHaveAttribute('data-contrast', /.*/);
    await expect(header).toHaveCSS('background-color', brandBlue);
    await panel.getByRole('tab', { name: 'Interaction' }).click();
    await expect(panel.getByRole('switch', { name: 'Reduce motion' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(panel.getByRole('switch', { name: 'Keyboard shortcuts' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.reload();
    await expect(html).toHaveCSS('font-size', '16px');
  });

  test('reduced motion removes transitions; no axe violations with the panel open on each tab', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.locator('h1')).toBeVisible();
    const panel = await openAccessibility(page);
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('tab', { name: 'Interaction' }).click();
    await panel.getByRole('switch', { name: 'Reduce motion' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-reduced-motion', 'on');
    await expect(panel.getByRole('button', { name: 'Save & Close' })).toHaveCSS('transition-duration', '0s');
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('tab', { name: 'Screen Reader' }).click();
    await panel.getByRole('button', { name: 'Test announcement' }).click();
    await expect(page.getByTestId('a11y-live-region')).toHaveText('This is a test announcement.');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('cookie consent', () => {
  test('the banner appears after about 1 s; Essential Only stores analytics off and it stays away', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __seen: Record<string, number> };
      w.__seen = {};
      new MutationObserver(() => {
        if (!w.__seen.main && document.getElementById('main-content')) w.__seen.main = performance.now();
        if (!w.__seen.banner && document.querySelector('[aria-label="Cookie consent"]'))
          w.__seen.banner = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/about');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { __seen: Record<string, number> }).__seen);
    expect(seen.banner! - seen.main!).toBeGreaterThanOrEqual(900);
    await expect(banner.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
      'href',
      '/cookie-policy',
    );
    await expect(banner.getByRole('button')).toHaveText(['Customize', 'Essential Only', 'Accept All']);

    await banner.getByRole('button', { name: 'Essential Only' }).click();
    await expect(banner).toBeHidden();
    const saved = await stored(page);
    expect(saved.consent).toMatchObject({ essential: true, functional: false, analytics: false });
    expect(Date.parse(saved.consent.consentDate)).not.toBeNaN();
    expect(saved.analytics).toBe('false');

    await page.reload();
    await page.waitForTimeout(1_500);
    await expect(banner).toHaveCount(0);
  });

  test('Customize: Essential is locked on, Analytics can be chosen and is stored; no axe violations', async ({
    page,
  }) => {
    await page.goto('/about');
    await page
      .getByRole('region', { name: 'Cookie consent' })
      .getByRole('button', { name: 'Customize' })
      .click();
    const prefs = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(prefs).toBeVisible();
    const essential = prefs.getByRole('switch', { name: 'Essential' });
    await expect(essential).toBeDisabled();
    await expect(essential).toHaveAttribute('aria-checked', 'true');
    await expect(prefs.getByRole('button', { name: 'Accept All' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await prefs.getByRole('switch', { name: 'Analytics' }).click();
    await expect(prefs.getByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'true');
    await prefs.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(prefs).toBeHidden();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    const saved = await stored(page);
    expect(saved.consent).toMatchObject({ essential: true, functional: false, analytics: true });
    expect(saved.analytics).toBe('true');

    await page.reload();
    await page.waitForTimeout(1_500);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  });
});

test('with the cookie banner showing, in high contrast at 390 px: skip link first, no axe violations', async ({
  page,
}) => {
  await page.addInitScript(() =>
    localStorage.setItem('sq.accessibility', JSON.stringify({ highContrast: true, fontSizeMultiplier: 1.5 })),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await expect(page.locator('html')).toHaveCSS('font-size', '24px');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('connection', () => {
  test('going offline shows the banner and toast; back online shows the restored notice for 5 s', async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __queued: number };
      w.__queued = 0;
      window.addEventListener('process-offline-queue', () => {
        w.__queued += 1;
      });
    });
    await page.goto('/about');
    await expect(page.locator('[data-connection-state="online"]')).toBeAttached();
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toHaveCount(0);

    await context.setOffline(true);
    await expect(banner).toContainText("You're offline. Some features may be unavailable.");
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Network Disconnected');
    await expect(toast).toContainText('Your device is offline. Some features may be unavailable.');
    expect(await axeViolations(page)).toEqual([]);

    await context.setOffline(false);
    await expect(banner).toHaveText('Connection restored. Pending operations have been processed.');
    await expect(toast).toContainText('Connection Restored');
    expect(await page.evaluate(() => (window as unknown as { __queued: number }).__queued)).toBe(1);
    await expect(banner).toHaveCount(0, { timeout: 8_000 });
  });

  test('the connection check ends when its answer arrives, not when its 5 s time-out fires', async ({
    page,
  }) => {
    // Its body was never read, so the browser held the request open until the time-out aborted it: a
    // connection kept busy for 5 s on every page load.
    const ended = new Promise<string>((resolve) => {
      page.on('requestfinished', (r) => r.url().endsWith('/api/health') && resolve('finished'));
      page.on(
        'requestfailed',
        (r) => r.url().endsWith('/api/health') && resolve(`failed: ${r.failure()?.errorText}`),
      );
    });
    await page.goto('/about');
    expect(await ended).toBe('finished');
  });

  test('an unreachable API shows its message and Retry re-checks', async ({ page }) => {
    await page.route('**/api/health', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/about');
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toContainText('You are offline. API services are unavailable.');

    await page.unroute('**/api/health');
    await page.route('**/api/health', (route) => route.abort('internetdisconnected'));
    await banner.getByRole('button', { name: 'Retry' }).click();
    await expect(banner).toContainText('Network connection unavailable. Check your internet connection.');

    await page.unroute('**/api/health');
    await banner.getByRole('button', { name: 'Retry' }).click();
    await expect(banner).toHaveText('Connection restored. Pending operations have been processed.');
  });
});
