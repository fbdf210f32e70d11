/**
 * Issue 31 item 1 on a 390 px phone: a driver's fixed price (set up through the API, on Bulahdelah to
 * Forster, a route no other journey uses) shows on /book-ride as "Book now, $139" once the route, time and
 * passengers are filled in; the signed-in customer books it and lands on the booking. The driver's
 * "Fixed prices" page lists it and its editor opens; axe reports nothing on /book-ride with prices or on
 * the editor; screenshots at 390 and 1280 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { driverProfileBody, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, latestMail, linkIn, uniqueEmail } from './support.ts';

test.setTimeout(180_000);
const SHOTS = '/tmp/fares-shots';

async function placeOf(page: Page, q: string) {
  const res = await page.request.get(`/api/places?q=${encodeURIComponent(q)}`);
  const { items } = (await res.json()) as { items: { locality: string; lat: number; lng: number }[] };
  return items[0]!;
}

async function choosePlace(page: Page, label: string, query: string, option: RegExp) {
  await page.getByRole('combobox', { name: `${label} suburb` }).fill(query);
  await page.getByRole('option', { name: option }).first().click();
}

test('a customer books a fixed price from /book-ride; the driver keeps the fare table', async ({
  browser,
}) => {
  const driver = await createConfirmedUser((await browser.newContext()).request, 'driver', {
    plate: 'FX01IB',
  });
  const customer = await createConfirmedUser((await browser.newContext()).request, 'customer');

  // The driver is available every day, all day, and sells Bulahdelah to Forster at $139.
  const d = await signedInAt(browser, driver, 390);
  expect((await d.page.request.put('/api/drivers/me', { data: driverProfileBody() })).status()).toBe(200);
  const vehicles = (await (await d.page.request.get('/api/drivers/me/vehicles')).json()) as {
    items: { id: string }[];
  };
  const from = await placeOf(d.page, 'Bulahdelah');
  const to = await placeOf(d.page, 'Forster');
  const created = await d.page.request.post('/api/fares', {
    data: {
      vehicleId: vehicles.items[0]!.id,
      from: { name: 'Bulahdelah', lat: from.lat, lng: from.lng, radiusKm: 5 },
      to: { name: 'Forster', lat: to.lat, lng: to.lng, radiusKm: 5 },
      price: 139,
      maxPassengers: 6,
      maxBags: 6,
      includedPassengers: 4,
      extraPassengerPrice: 15,
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const fare = ((await created.json()) as { fare: { id: string; from: unknown; to: unknown } }).fare;
  const fareBody = (price: number) => ({
    vehicleId: vehicles.items[0]!.id,
    from: fare.from,
    to: fare.to,
    price,
    maxPassengers: 6,
    maxBags: 6,
    includedPassengers: 4,
    extraPassengerPrice: 15,
    days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  });

  // The driver's page lists it; the editor opens, with the fare guide for the route.
  await d.page.goto('/driver-fares');
  await expect(d.page.getByRole('heading', { level: 1, name: 'Fixed prices' })).toBeVisible();
  await expect(d.page.getByTestId('fare-card').filter({ hasText: 'Bulahdelah to Forster' })).toContainText(
    '$139',
  );
  await d.page.screenshot({ path: `${SHOTS}/driver-fares-390.png`, fullPage: true });
  await d.page.getByRole('button', { name: 'Change Bulahdelah to Forster' }).click();
  await expect(d.page.getByRole('heading', { name: 'Change this price' })).toBeVisible();
  await expect(d.page.getByLabel('Price (AUD)')).toHaveValue('139');
  await expect(d.page.getByTestId('fare-guide')).toBeVisible();
  expect(await axeViolations(d.page)).toEqual([]);
  await d.page.screenshot({ path: `${SHOTS}/fare-editor-390.png`, fullPage: true });
  const driverApi = d.page.request;
  const wide = await signedInAt(browser, driver, 1280);
  await wide.page.goto('/driver-fares');
  await wide.page.getByRole('button', { name: 'Add a fixed price' }).click();
  await choosePlace(wide.page, 'From', 'Bulahdel', /Bulahdelah/);
  await choosePlace(wide.page, 'To', 'Forster', /Forster/);
  await expect(wide.page.getByTestId('fare-guide')).toBeVisible();
  expect(await axeViolations(wide.page)).toEqual([]);
  await wide.page.screenshot({ path: `${SHOTS}/fare-editor-1280.png`, fullPage: true });
  await wide.ctx.close();

  // The customer fills /book-ride: the price appears once route, time and passengers are in.
  const day = utcToSydney(new Date(Date.now() + 5 * 86_400_000)).date;
  for (const width of [1280, 390]) {
    const c = await signedInAt(browser, customer, width);
    const page = c.page;
    await page.goto('/book-ride');
    await choosePlace(page, 'Pickup', 'Bulahdel', /Bulahdelah/);
    await choosePlace(page, 'Destination', 'Forster', /Forster/);
    await page.getByLabel('Pickup date').fill(day);
    await page.getByLabel('Pickup time (Sydney time)').fill('10:30');
    await page.getByLabel('Passengers').fill('5');
    await page.getByLabel('Bags').fill('2');
    const prices = page.getByTestId('instant-prices');
    // 5 passengers: $139 for up to 4, and $15 for the fifth.
    const book = prices.getByRole('button', { name: 'Book now, $154' });
    await expect(book).toBeVisible();
    await expect(prices).toContainText('Bay Shuttles');
    await expect(prices).toContainText('1 extra passenger: $15');
    await expect(prices).toContainText('or ask for quotes');
    await page.getByLabel('Passengers').fill('3');
    await expect(prices.getByRole('button', { name: 'Book now, $139' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await prices.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/book-ride-prices-${width}.png`, fullPage: true });
    if (width === 390) {
      // The driver raises the price while the customer looks: the booking is refused with the new price,
      // which the customer then books.
      const raised = await driverApi.put(`/api/fares/${fare.id}`, { data: fareBody(149) });
      expect(raised.status(), await raised.text()).toBe(200);
      await prices.getByRole('button', { name: 'Book now, $139' }).click();
      await expect(prices.getByRole('alert')).toContainText("Bay Shuttles's price for this trip is now $149");
      // The list is asked for again: the new price's parts are shown.
      await expect(prices).toContainText('Fixed price for up to 4 passengers: $149');
      await page.screenshot({ path: `${SHOTS}/book-ride-new-price-390.png`, fullPage: true });
      await prices.getByRole('button', { name: 'Book now, $149' }).click();
      await expect(page).toHaveURL(/\/booking\/[0-9a-f-]{36}$/, { timeout: 20_000 });
      await expect(page.getByText('$149').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/booking-390.png`, fullPage: true });
    }
    await c.ctx.close();
  }
  await d.ctx.close();
});

test('a guest chooses a fixed price, confirms their e-mail and books it on the trip page', async ({
  browser,
}) => {
  // Another driver's price on a route of this journey's own: Stroud to Gloucester.
  const driver = await createConfirmedUser((await browser.newContext()).request, 'driver', {
    plate: 'FX02IB',
  });
  const d = await signedInAt(browser, driver, 1280);
  expect((await d.page.request.put('/api/drivers/me', { data: driverProfileBody() })).status()).toBe(200);
  const vehicles = (await (await d.page.request.get('/api/drivers/me/vehicles')).json()) as {
    items: { id: string }[];
  };
  const from = await placeOf(d.page, 'Stroud');
  const to = await placeOf(d.page, 'Gloucester');
  const created = await d.page.request.post('/api/fares', {
    data: {
      vehicleId: vehicles.items[0]!.id,
      from: { name: 'Stroud', lat: from.lat, lng: from.lng, radiusKm: 5 },
      to: { name: 'Gloucester', lat: to.lat, lng: to.lng, radiusKm: 5 },
      price: 95,
      maxPassengers: 6,
      maxBags: 6,
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await d.ctx.close();

  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
  });
  const page = await ctx.newPage();
  const email = uniqueEmail('guest-instant');
  await page.goto('/book-ride');
  await choosePlace(page, 'Pickup', 'Stroud', /Stroud NSW/);
  await choosePlace(page, 'Destination', 'Gloucester', /Gloucester NSW/);
  await page.getByLabel('Pickup date').fill(utcToSydney(new Date(Date.now() + 6 * 86_400_000)).date);
  await page.getByLabel('Pickup time (Sydney time)').fill('09:15');
  await page.getByLabel('Passengers').fill('2');
  const prices = page.getByTestId('instant-prices');
  await prices.getByRole('button', { name: 'Book now, $95' }).click();
  // The usual last step, saying which price was chosen.
  await expect(page.getByRole('heading', { name: 'Last step: who is travelling?' })).toBeVisible();
  await expect(page.getByTestId('trip-summary')).toContainText("You chose Bay Shuttles's price of $95");
  await page.getByLabel('Full name').fill('Gus Guest');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobile number').fill('0412 555 124');
  await page.getByRole('button', { name: 'Post my trip' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  // The link lands on the live trip, signed in, with the price to book.
  const mail = await latestMail(page.request, email, 'guest-trip');
  await page.goto(linkIn(mail.text));
  await expect(page).toHaveURL(/\/driver-matching\/[0-9a-f-]{36}$/);
  const onTrip = page.getByTestId('instant-prices');
  await expect(onTrip.getByRole('button', { name: 'Book now, $95' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/trip-page-prices-390.png`, fullPage: true });
  await onTrip.getByRole('button', { name: 'Book now, $95' }).click();
  await expect(page).toHaveURL(/\/booking\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByText('$95').first()).toBeVisible();
  await ctx.close();
});
