/**
 * Issue 31 item 3, the fare guide on a trip's page and in the driver's quote form: five bookings from three
 * drivers on Karuah - Dungog (a route no other journey books, since they share one server) give "Most people paid $135–$150 for this trip" to the customer
 * of a new trip on that route, "Customers paid ... (median ...)" to a driver quoting it; axe finds nothing;
 * screenshots at 390 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { acceptViaApi, postTripViaApi, quoteViaApi, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser } from './support.ts';

test.setTimeout(240_000);
const SHOTS = '/tmp/b31-shots';

const ROUTE = {
  from: { locality: 'KARUAH', postcode: '2324' },
  to: { locality: 'DUNGOG', postcode: '2420' },
};

test('the fare guide on the trip page and in the quote form', async ({ browser }) => {
  const customer = await createConfirmedUser((await browser.newContext()).request, 'customer');
  const drivers = [];
  for (const plate of ['FG01AA', 'FG02BB', 'FG03CC']) {
    drivers.push(await createConfirmedUser((await browser.newContext()).request, 'driver', { plate }));
  }
  const c = await signedInAt(browser, customer);
  const d = await Promise.all(drivers.map((who) => signedInAt(browser, who)));
  // Five past bookings: $120, $135, $139, $150, $160 from three drivers (p25 $135, median $139, p75 $150).
  for (const [i, price] of [120, 135, 139, 150, 160].entries()) {
    const rideId = await postTripViaApi(c.page, { hoursAhead: 48 + i, ...ROUTE });
    await acceptViaApi(c.page, await quoteViaApi(d[i % 3]!.page, rideId, price));
  }
  const rideId = await postTripViaApi(c.page, { hoursAhead: 96, ...ROUTE });

  for (const width of [390, 1280]) {
    const { ctx, page } = await signedInAt(browser, customer, width);
    await page.goto(`/driver-matching/${rideId}`);
    const guide = page.getByTestId('fare-guide');
    await expect(guide).toContainText('Most people paid $135–$150 for this trip');
    await expect(guide).toContainText('based on 5 bookings in the last 6 months');
    await expect(guide).toContainText('Drivers usually answer within about');
    await expect(guide).not.toHaveAttribute('aria-live');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/trip-page-${width}.png`, fullPage: true });
    await ctx.close();
  }

  const { ctx, page } = await signedInAt(browser, drivers[0]!, 390);
  await page.goto('/available-rides');
  const card = page.getByTestId('available-ride').filter({ hasText: 'Karuah' }).first();
  await card.getByRole('button', { name: 'Quote for this trip' }).click();
  await expect(card.getByTestId('fare-guide')).toContainText(
    'Customers paid $135–$150 for this trip (median $139)',
  );
  await card.getByTestId('fare-guide').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/quote-form-390.png` });
  await ctx.close();
});
