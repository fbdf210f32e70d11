/**
 * Live updates recover in the browser (issue 11): when the live stream is refused (a 503 while the
 * database restarts, or an instance shutting down), EventSource gives up for good; the web app opens it
 * again with a backoff, and a quote sent afterwards still appears on the customer's open page without a
 * reload.
 */
import { expect, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { createConfirmedUser, fixtureAddress, signInQuickly } from './support.ts';

test('a refused live stream is opened again and the next quote still arrives live', async ({ browser }) => {
  const customerUser = await createConfirmedUser((await browser.newContext()).request, 'customer');
  const driverUser = await createConfirmedUser((await browser.newContext()).request, 'driver');
  const customerCtx = await browser.newContext();
  const driverCtx = await browser.newContext();
  const customer = await customerCtx.newPage();
  const driver = await driverCtx.newPage();
  await signInQuickly(customer, customerUser.email, customerUser.password);
  await signInQuickly(driver, driverUser.email, driverUser.password);

  const posted = await customer.request.post('/api/rides', {
    headers: fixtureAddress(),
    data: {
      pickup: { locality: 'Nelson Bay', postcode: '2315', address: '' },
      destination: { locality: 'Williamtown', postcode: '2318', address: '' },
      date: utcToSydney(new Date(Date.now() + 5 * 86_400_000)).date,
      time: '09:30',
      passengers: 2,
      luggageBags: 1,
      largeItems: [],
      budget: 90,
      notes: '',
    },
  });
  expect(posted.status()).toBe(201);
  const { ride } = (await posted.json()) as { ride: { id: string } };

  // The first stream the page opens is refused, as during a database restart; later ones go through.
  let streams = 0;
  await customer.route('**/api/notifications/stream*', async (route) => {
    streams += 1;
    if (streams === 1) {
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'Retry-After': '1' },
        body: JSON.stringify({ error: { code: 'database_unavailable', message: 'Try again in a moment.' } }),
      });
      return;
    }
    await route.continue();
  });

  await customer.goto(`/driver-matching/${ride.id}`);
  await expect(customer.getByText('No quotes yet')).toBeVisible();
  // The browser gave up on the refused stream; the app opened a new one.
  await expect.poll(() => streams, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

  const quoted = await driver.request.post('/api/quotes', {
    headers: fixtureAddress(),
    data: { rideId: ride.id, price: 77, message: 'Arrived after the stream came back' },
  });
  expect(quoted.status()).toBe(201);
  await expect(customer.getByTestId('quote-card').filter({ hasText: '$77.00' })).toBeVisible({
    timeout: 10_000,
  });

  await customerCtx.close();
  await driverCtx.close();
});
