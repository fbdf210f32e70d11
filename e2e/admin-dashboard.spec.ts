/**
 * Issue 14: the admin dashboard's figures, charts and "needs attention" at 1280 and 390 px; issue 31: how
 * bookings were made.
 */
import { expect, test } from '@playwright/test';
import { postTripViaApi, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_ADMIN } from './support.ts';

test.describe.configure({ timeout: 120_000 });

for (const width of [1280, 390]) {
  test(`the dashboard at ${width} px: a period, nine figures, four charts, what needs attention`, async ({
    browser,
    request,
  }) => {
    // A trip in the next hours with no quote yet: it needs attention.
    const customer = await createConfirmedUser(request, 'customer', {
      fullName: `Dash Width${width === 390 ? 'phone' : 'desk'}`,
    });
    const c = await signedInAt(browser, customer);
    await postTripViaApi(c.page, { hoursAhead: 6 });
    await c.ctx.close();

    const a = await signedInAt(browser, E2E_ADMIN, width);
    await a.page.goto('/admin-dashboard');
    const figures = a.page.getByRole('region', { name: 'Figures' });
    await expect(figures.getByRole('term')).toHaveText([
      'Sign-ups',
      'Trips posted',
      'Quotes per trip',
      'Median time to first quote',
      'Trips booked',
      'Cancellations',
      'Completed trips',
      'Average rating',
      'Page views',
    ]);
    // Issue 31: how bookings were made, each figure with its definition.
    const origins = a.page.getByRole('region', { name: 'How bookings were made' });
    await expect(origins.getByRole('term')).toHaveText([
      'Instant bookings',
      'Runs published',
      'Seats sold on runs',
      'Kilometres filled on runs',
    ]);
    await expect(origins).toContainText(
      'kilometres driven with passengers that would have been driven empty',
    );
    await expect(a.page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await a.page.getByText('Last 7 days').click();
    await expect(a.page).toHaveURL(/days=7/);
    await expect(a.page.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    // The trip posted above is counted.
    const trips = figures
      .getByRole('term')
      .filter({ hasText: /^Trips posted$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect(trips).not.toHaveText('0');
    await expect(a.page.getByRole('img', { name: /^Trips posted, per day/ })).toBeVisible();
    await expect(a.page.getByRole('img', { name: /^Sign-ups by role, per day/ })).toBeVisible();
    await expect(a.page.getByTestId('attention')).toContainText('no quote yet');
    // The numbers behind a chart, for anyone who cannot see it.
    await a.page.getByText('Show the numbers').first().click();
    await expect(a.page.getByRole('columnheader', { name: 'Customers' })).toBeVisible();
    expect(
      await a.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    expect(await axeViolations(a.page)).toEqual([]);
    await a.page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
    await a.ctx.close();
  });
}
