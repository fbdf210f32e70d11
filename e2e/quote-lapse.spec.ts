/**
 * Issue 31, quotes that do not lapse quietly, on two 390 px phones: a lapsed quote reads "Expired" on the
 * customer's trip page with "Ask again"; after asking, the card says so; the driver, landing on the trip's
 * card from the notification's link (/available-rides#ride-{id}), renews the quote with one tap; the
 * customer's page shows it live again. axe reports nothing on either page.
 */
import { expect, test } from '@playwright/test';
import { postTripViaApi, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser } from './support.ts';

test.setTimeout(120_000);
const SHOTS = '/tmp/i31-quote-lapse';

test('an expired quote: the customer asks again, the driver renews from the card', async ({
  browser,
  request,
}) => {
  const driverUser = await createConfirmedUser(request, 'driver', { fullName: 'Lapse Driver' });
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: 'Lena Lapse' });
  const { ctx: customerCtx, page: customer } = await signedInAt(browser, customerUser, 390);
  const { ctx: driverCtx, page: driver } = await signedInAt(browser, driverUser, 390);

  const rideId = await postTripViaApi(customer, { hoursAhead: 72 });
  // A quote the driver chose to keep only a few seconds: it lapses during the test.
  const sent = await driver.request.post('/api/quotes', {
    data: {
      rideId,
      price: 139,
      message: 'Door to door, bags included.',
      validUntil: new Date(Date.now() + 3_000).toISOString(),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const quoteId = ((await sent.json()) as { quote: { id: string } }).quote.id;
  await customer.waitForTimeout(3_500);

  await customer.goto(`/driver-matching/${rideId}`);
  const card = customer.getByTestId('quote-card').filter({ hasText: 'Bay Shuttles' });
  await expect(card.getByTestId('quote-state')).toHaveText('Expired');
  await expect(card.getByRole('button', { name: 'Accept this quote' })).toHaveCount(0);
  expect(await axeViolations(customer)).toEqual([]);
  await card.getByRole('button', { name: 'Ask again' }).click();
  await expect(card.getByTestId('asked-again')).toContainText('You asked Bay Shuttles to quote again');
  await expect(card.getByRole('button', { name: 'Ask again' })).toHaveCount(0);
  expect(await axeViolations(customer)).toEqual([]);
  await customer.screenshot({ path: `${SHOTS}/customer-asked-390.png`, fullPage: true });

  // The driver's notification leads to the trip's card.
  const notes = await driver.request.get('/api/notifications');
  const items = ((await notes.json()) as { items: { type: string; relatedId: string | null }[] }).items;
  expect(items.some((n) => n.type === 'quote_asked_again' && n.relatedId === rideId)).toBe(true);
  await driver.goto(`/available-rides#ride-${rideId}`);
  const driverCard = driver.locator(`#ride-${rideId}`);
  await expect(driverCard).toBeVisible();
  // Whether or not the sweep (once a minute) has marked it expired yet, the card says so.
  await expect(driverCard).toContainText('Expired');
  await expect(driverCard).toContainText('The customer asked you to quote again.');
  expect(await axeViolations(driver)).toEqual([]);
  await driverCard.screenshot({ path: `${SHOTS}/driver-card-390.png` });
  await driverCard.getByRole('button', { name: 'Renew quote' }).click();
  await expect(driver.getByText('Quote renewed').first()).toBeVisible();

  const after = await customer.request.get(`/api/quotes?rideId=${rideId}`);
  const quotes = ((await after.json()) as { items: { id: string; status: string; validUntil: string }[] })
    .items;
  const renewed = quotes.find((q) => q.id === quoteId)!;
  expect(renewed.status).toBe('pending');
  expect(new Date(renewed.validUntil).getTime()).toBeGreaterThan(Date.now() + 60 * 3_600_000);
  await customer.reload();
  await expect(card.getByRole('button', { name: 'Accept this quote' })).toBeVisible();

  await customerCtx.close();
  await driverCtx.close();
});
