/**
 * Issue 18, what the redesign promises a person on a phone (390 px): the booking page leads with what
 * matters on the day (time, pickup, the vehicle's plate, a call button) and folds the fare statement; the
 * quote comparison marks the lowest price and gives each card one primary action; empty places say what
 * happens next and offer the next step (a new customer, an empty quote list, a driver whose profile keeps
 * trips away); the phone menu is grouped by role; the footer is compact. Axe finds nothing on any of them.
 */
import { type BrowserContext, expect, test } from '@playwright/test';
import { PREFERENCE_KEYS } from '../src/shared/preferences.ts';
import {
  acceptViaApi,
  driverProfileBody,
  postTripViaApi,
  quoteViaApi,
  signedInAt,
} from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_VEHICLE } from './support.ts';

test.setTimeout(120_000);

/** A cookie choice already made, so the banner does not cover the bottom of the phone's screen. */
async function consentGiven(ctx: BrowserContext) {
  const consent = JSON.stringify({
    essential: true,
    functional: false,
    analytics: false,
    consentDate: new Date().toISOString(),
  });
  await ctx.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [PREFERENCE_KEYS.cookieConsent, consent],
  );
}

async function phoneAs(browser: Parameters<typeof signedInAt>[0], who: { email: string; password: string }) {
  const signed = await signedInAt(browser, who, 390);
  await consentGiven(signed.ctx);
  return signed.page;
}

const book = acceptViaApi;

test('the booking leads with the day of the trip and folds the fare statement', async ({
  browser,
  request,
}) => {
  const customerUser = await createConfirmedUser(request, 'customer');
  const driverUser = await createConfirmedUser(request, 'driver');
  const driver = await phoneAs(browser, driverUser);
  const saved = await driver.request.put('/api/drivers/me', {
    data: driverProfileBody({ companyName: 'Day Shuttles', businessPhone: '0498 765 432' }),
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const customer = await phoneAs(browser, customerUser);
  const rideId = await postTripViaApi(customer, { hoursAhead: 72, address: '12 Magnus Street' });
  const bookingId = await book(customer, await quoteViaApi(driver, rideId, 120));

  await customer.goto(`/booking/${bookingId}`);
  const day = customer.getByRole('region', { name: 'On the day' });
  await expect(day).toBeVisible();
  await expect(day).toContainText('12 Magnus Street, Nelson Bay NSW 2315');
  await expect(day.getByTestId('day-vehicle')).toHaveText('White Toyota HiAce');
  await expect(day).toContainText(E2E_VEHICLE.plate);
  await expect(day.getByRole('link', { name: /^Open the pickup in Maps/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/search\/.*Magnus/,
  );
  await expect(day.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /calendar\.ics$/);
  // The customer calls the driver's business phone from here.
  const call = day.getByRole('link', { name: 'Call Day Shuttles, 0498 765 432' });
  await expect(call).toHaveAttribute('href', 'tel:+61498765432');
  // The card comes before the fare, which is folded until asked for.
  const dayTop = (await day.boundingBox())!.y;
  const fare = customer.getByTestId('agreed-fare');
  expect(dayTop).toBeLessThan((await fare.boundingBox())!.y);
  await expect(fare).toHaveText('$120.00');
  const statement = customer.getByTestId('booking-fare-statement');
  await expect(statement).toBeHidden();
  await customer.getByText('Show the fare statement').click();
  await expect(statement).toBeVisible();
  await expect(statement).toContainText('the most you can be asked to pay');
  expect(await axeViolations(customer)).toEqual([]);

  // The driver's view calls the customer.
  await driver.goto(`/booking/${bookingId}`);
  await expect(
    driver.getByRole('region', { name: 'On the day' }).getByRole('link', { name: /^Call Casey Customer, / }),
  ).toHaveAttribute('href', 'tel:+61412345678');
});

test('quotes: an empty list says what happens next; the lowest price is marked; one primary action each', async ({
  browser,
  request,
}) => {
  const customer = await phoneAs(browser, await createConfirmedUser(request, 'customer'));
  const rideId = await postTripViaApi(customer, { hoursAhead: 96 });
  await customer.goto(`/driver-matching/${rideId}`);
  const empty = customer.getByTestId('empty-state');
  await expect(empty.getByRole('heading', { name: 'No quotes yet' })).toBeVisible();
  await expect(empty).toContainText('we notify you');
  expect(await axeViolations(customer)).toEqual([]);

  const drivers = [
    await createConfirmedUser(request, 'driver'),
    await createConfirmedUser(request, 'driver'),
  ];
  for (const [i, d] of drivers.entries()) {
    const page = await phoneAs(browser, d);
    const saved = await page.request.put('/api/drivers/me', {
      data: driverProfileBody({ companyName: i === 0 ? 'Cheaper Coaches' : 'Dearer Drivers' }),
    });
    expect(saved.status()).toBe(200);
    await quoteViaApi(page, rideId, i === 0 ? 90 : 140);
  }
  const cards = customer.getByTestId('quote-card');
  await expect(cards).toHaveCount(2);
  const cheaper = cards.filter({ hasText: 'Cheaper Coaches' });
  await expect(cheaper.getByTestId('quote-marks')).toHaveText('Lowest price');
  await expect(cards.filter({ hasText: 'Dearer Drivers' }).getByTestId('quote-marks')).toHaveCount(0);
  for (const card of await cards.all()) {
    // Issue 32: "Ask this driver" follows, a secondary button.
    await expect(card.getByRole('button')).toHaveText(['Accept this quote', 'Ask this driver']);
  }
  await expect(cheaper).toContainText('The most you pay. You pay the driver directly.');
  expect(await axeViolations(customer)).toEqual([]);
});

test('a new customer is shown where to start; the phone menu is grouped; the footer is compact', async ({
  browser,
  request,
}) => {
  const page = await phoneAs(browser, await createConfirmedUser(request, 'customer'));
  await page.goto('/dashboard');
  const empty = page.getByTestId('empty-state');
  await expect(empty.getByRole('heading', { name: 'No trips yet' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const footer = page.getByRole('contentinfo');
  expect((await footer.boundingBox())!.height).toBeLessThan(560);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const yours = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Your pages' });
  await expect(yours.getByRole('heading')).toHaveText(['Your trips', 'Your account']);
  await page.keyboard.press('Escape');

  await empty.getByRole('link', { name: 'Book a ride' }).click();
  await expect(page).toHaveURL(/\/book-ride$/);
});

test("a driver's empty board names what in their profile keeps trips away", async ({ browser, request }) => {
  const page = await phoneAs(browser, await createConfirmedUser(request, 'driver'));
  // Verified, but with no working days, based far from every journey's trips.
  const saved = await page.request.put('/api/drivers/me', {
    data: driverProfileBody({
      base: { locality: 'Broken Hill', postcode: '2880' },
      serviceRadiusKm: 10,
      availability: { days: [], hours: { start: '09:00', end: '17:00' } },
    }),
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto('/available-rides');
  const empty = page.getByTestId('empty-state');
  await expect(empty.getByRole('heading', { name: 'No open requests match right now' })).toBeVisible();
  await expect(empty.getByTestId('profile-gap')).toHaveText([
    'Your profile has no working days: you are only told of trips on the days and hours you work.',
  ]);
  await expect(empty.getByRole('link', { name: 'Edit your driver profile' })).toHaveAttribute(
    'href',
    '/driver-profile',
  );
  expect(await axeViolations(page)).toEqual([]);
  await empty.getByRole('button', { name: 'See every open trip' }).click();
  // On a phone the filters are folded (issue 32): the button counts the one now set.
  await page.getByRole('button', { name: 'Filter (1)' }).click();
  await expect(
    page.getByRole('checkbox', { name: 'Only trips in my area that my vehicles can take' }),
  ).not.toBeChecked();
});

test('a list that fails to load says so and offers Try again, which loads it', async ({
  browser,
  request,
}) => {
  const page = await phoneAs(browser, await createConfirmedUser(request, 'customer'));
  // The network drops the first requests for the list (the app retries 4xx-free errors 3 times first).
  let failures = 0;
  await page.route('**/api/bookings', async (route) => {
    if (failures < 4) {
      failures += 1;
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await page.goto('/bookings');
  const alert = page.getByRole('alert').filter({ hasText: 'Bookings could not be loaded.' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByTestId('empty-state').getByRole('heading', { name: 'No bookings yet' }),
  ).toBeVisible();
  await expect(alert).toBeHidden();
});
