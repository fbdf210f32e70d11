/**
 * Issue 31 item 2 at 390 px: a customer books two seats on a driver's run from /runs (starting as a guest:
 * they choose the seats and places, sign in, come back with everything kept, and book); a driver publishes
 * the drive back from the suggestion after a long drop-off; /book-ride lists the run for a fitting trip. axe finds nothing on /runs or /driver-runs.
 * Routes no other journey uses: Stroud to Gloucester, and Soldiers Point to Botany.
 */
import { expect, type Page, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { acceptViaApi, postTripViaApi, quoteViaApi, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser } from './support.ts';

test.setTimeout(180_000);
const SHOTS = '/tmp/runs-shots';

async function choosePlace(page: Page, label: string, query: string, option: RegExp) {
  await page.getByRole('combobox', { name: `${label} suburb` }).fill(query);
  await page.getByRole('option', { name: option }).first().click();
}

test('a customer books two seats on a run from /runs, signing in on the way', async ({ browser }) => {
  const driver = await createConfirmedUser((await browser.newContext()).request, 'driver', {
    plate: 'RUN01A',
  });
  const customer = await createConfirmedUser((await browser.newContext()).request, 'customer');
  const d = await signedInAt(browser, driver);
  const date = utcToSydney(new Date(Date.now() + 4 * 86_400_000)).date;
  const published = await d.page.request.post('/api/runs', {
    data: {
      from: { locality: 'Stroud', postcode: '2425', address: '' },
      to: { locality: 'Gloucester', postcode: '2422', address: '' },
      fromRadiusKm: 10,
      toRadiusKm: 10,
      date,
      windowStart: '07:00',
      windowEnd: '09:00',
      seats: 6,
      bags: 6,
      seatPrice: 35,
      vehiclePrice: 180,
    },
  });
  expect(published.status(), await published.text()).toBe(201);

  // A guest at 390 px finds the run and chooses two seats.
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
  });
  const page = await ctx.newPage();
  // /book-ride lists the run among its results once the route, date and passengers are in, and its link
  // leads to the run on /runs.
  await page.goto('/book-ride');
  await choosePlace(page, 'Pickup', 'Stroud', /Stroud NSW 2425/);
  await choosePlace(page, 'Destination', 'Glouces', /Gloucester NSW 2422/);
  await page.getByLabel('Pickup date').fill(date);
  await page.getByLabel('Pickup time (Sydney time)').fill('07:30');
  await page.getByLabel('Passengers').fill('2');
  await expect(page.getByRole('heading', { name: "Seats on drivers' runs that day" })).toBeVisible();
  await page.getByRole('link', { name: 'Book seats on this run' }).first().click();
  await page.waitForURL('**/runs?**');
  await page.goto(`/runs?from=Stroud&to=Gloucester&date=${date}`);
  const card = page.getByTestId('run-card').filter({ hasText: 'Stroud to Gloucester' }).first();
  await expect(card).toContainText('6 of 6 seats left');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/runs-390.png`, fullPage: true });
  await card.getByLabel('Seats').selectOption('2');
  await card.getByRole('button', { name: 'Book 2 seats, $70.00' }).click();
  await expect(page.getByRole('heading', { name: 'Book 2 seats on this run' })).toBeVisible();
  await choosePlace(page, 'Your pickup', 'Stroud', /Stroud NSW 2425/);
  await choosePlace(page, 'Your drop-off', 'Glouces', /Gloucester NSW 2422/);
  await page.getByLabel('Bags').fill('2');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/runs-booking-390.png`, fullPage: true });

  // Sign in, and back on the run with the seats, places and bags kept.
  await page.getByRole('button', { name: 'Sign in to book' }).click();
  await page.waitForURL('**/login?next=**');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/runs?**');
  await expect(page.getByRole('combobox', { name: 'Your pickup suburb' })).toHaveValue('Stroud 2425');
  await expect(page.getByLabel('Bags')).toHaveValue('2');
  await page.getByRole('button', { name: 'Book 2 seats for $70.00' }).click();
  await page.waitForURL('**/booking/**');
  await expect(page.getByText('$70.00').first()).toBeVisible();
  await ctx.close();

  // The run now has 4 seats left.
  const again = await d.page.request.get(`/api/runs?from=Stroud&to=Gloucester&date=${date}`);
  const items = ((await again.json()) as { items: { seatsLeft: number }[] }).items;
  expect(items[0]?.seatsLeft).toBe(4);
  await d.ctx.close();

  // Desktop screenshot of the search page.
  const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const widePage = await wide.newPage();
  await widePage.goto(`/runs?from=Stroud&to=Gloucester&date=${date}`);
  await expect(widePage.getByTestId('run-card').first()).toBeVisible();
  await widePage.screenshot({ path: `${SHOTS}/runs-1280.png`, fullPage: true });
  await wide.close();
});

test('a driver publishes the drive back from the suggestion after a long drop-off', async ({ browser }) => {
  const driver = await createConfirmedUser((await browser.newContext()).request, 'driver', {
    plate: 'RUN02B',
  });
  const customer = await createConfirmedUser((await browser.newContext()).request, 'customer');
  const c = await signedInAt(browser, customer);
  const d = await signedInAt(browser, driver, 390);
  // A booking from Soldiers Point to Botany (about 160 km from the driver's Nelson Bay base)...
  const rideId = await postTripViaApi(c.page, {
    hoursAhead: 30,
    from: { locality: 'SOLDIERS POINT', postcode: '2317' },
    to: { locality: 'BOTANY', postcode: '2019' },
  });
  const bookingId = await acceptViaApi(c.page, await quoteViaApi(d.page, rideId, 260));
  // ...whose pickup has passed: the van is on its way to the drop-off.
  expect((await d.page.request.post(`/api/dev/rides/${rideId}/pickup-passed`)).status()).toBe(200);

  // The booking page offers the drive back; its link opens the run form filled in.
  const page = d.page;
  await page.goto(`/booking/${bookingId}`);
  const suggestion = page.getByTestId('drive-back');
  await expect(suggestion).toContainText('Publish your drive back');
  await suggestion.getByRole('link', { name: 'Publish your drive back' }).click();
  await page.waitForURL('**/driver-runs?booking=**');
  await expect(page.getByTestId('drive-back')).toContainText('Botany to Nelson Bay');
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByRole('combobox', { name: 'From suburb' })).toHaveValue(/Botany 2019/i);
  await expect(page.getByRole('combobox', { name: 'To suburb' })).toHaveValue(/Nelson Bay 2315/i);
  await expect(page.getByLabel('Seats free')).toHaveValue('10');
  await page.getByLabel('Price a seat ($)').fill('40');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/drive-back-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Publish run' }).click();
  await expect(page.getByText('Your run is published.')).toBeVisible();
  await expect(page.getByTestId('drive-back')).toHaveCount(0);
  await expect(page.getByTestId('my-run').filter({ hasText: 'Botany to Nelson Bay' })).toContainText(
    '0 of 10 seats sold',
  );
  await page.screenshot({ path: `${SHOTS}/driver-runs-390.png`, fullPage: true });
  await c.ctx.close();
  await d.ctx.close();
  const wide = await signedInAt(browser, driver, 1280);
  await wide.page.goto('/driver-runs');
  await wide.page.getByRole('button', { name: 'Publish a run' }).click();
  await expect(wide.page.getByRole('heading', { name: 'Publish a run', level: 2 })).toBeVisible();
  expect(await axeViolations(wide.page)).toEqual([]);
  await wide.page.screenshot({ path: `${SHOTS}/driver-runs-1280.png`, fullPage: true });
  await wide.ctx.close();
});
