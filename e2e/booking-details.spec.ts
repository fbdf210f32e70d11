/**
 * Issue 30 item 0: the confirmed booking page shows everything that was booked (passengers, bags, every
 * need, the flight, the customer's note, both addresses, the return leg's link) to the customer, the
 * driver and the admin; the driver gets a driver's view (the customer's name, phone and pickup first,
 * nothing addressed to a passenger).
 */
import { expect, type Page, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { driverProfileBody, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_ADMIN } from './support.ts';

test.setTimeout(150_000);

const NOTE = 'Grandma walks slowly: please come to the door';

/** How far the page scrolls sideways (nothing at 390 px). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The facts every viewer of the confirmed outbound booking must see. */
async function expectEverythingBooked(page: Page, returnHref: RegExp) {
  const booked = page.getByRole('region', { name: 'What was booked' });
  await expect(booked).toBeVisible();
  await expect(booked.getByTestId('booked-from')).toContainText('12 Stockton Street, Nelson Bay NSW 2315');
  await expect(booked.getByTestId('booked-to')).toContainText(
    'Newcastle Airport (NTL), Williamtown NSW 2318',
  );
  await expect(booked.getByTestId('booked-passengers')).toHaveText('3 passengers');
  await expect(booked.getByTestId('booked-luggage')).toHaveText('2 bags + Golf clubs');
  const needs = booked.getByTestId('booked-needs');
  await expect(needs.getByRole('listitem')).toHaveText([
    '1 child seat',
    '1 booster seat',
    'Folding wheelchair',
  ]);
  await expect(booked.getByTestId('booked-flight')).toHaveText('QF1504');
  await expect(booked.getByTestId('booked-notes')).toContainText(NOTE);
  const back = booked.getByRole('link', { name: /^Return leg:/ });
  await expect(back).toHaveAttribute('href', returnHref);
  await expect(back).toContainText('5:15 pm (Sydney time), flight JQ451');
}

test('the confirmed booking shows what was booked to the customer, the driver and the admin', async ({
  browser,
  request,
}) => {
  const driverUser = await createConfirmedUser(request, 'driver', { fullName: 'Dana Doorstep' });
  const customerUser = await createConfirmedUser(request, 'customer', {
    fullName: 'Grace Granville',
    phone: '0412 345 678',
  });
  const d = await signedInAt(browser, driverUser, 390);
  const c = await signedInAt(browser, customerUser, 390);
  const saved = await d.page.request.put('/api/drivers/me', {
    data: driverProfileBody({ businessPhone: '0498 765 432' }),
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // A return trip: out at 5:30 am to the airport in 3 days, back in 6; the customer's needs and note.
  const outDay = utcToSydney(new Date(Date.now() + 3 * 86_400_000)).date;
  const backDay = utcToSydney(new Date(Date.now() + 6 * 86_400_000)).date;
  const posted = await c.page.request.post('/api/rides', {
    data: {
      pickup: { locality: 'Nelson Bay', postcode: '2315', address: '12 Stockton Street' },
      destination: { locality: 'Williamtown', postcode: '2318', address: 'Newcastle Airport (NTL)' },
      date: outDay,
      time: '05:30',
      passengers: 3,
      luggageBags: 2,
      largeItems: ['golf_clubs'],
      budget: 150,
      notes: NOTE,
      flightNumber: 'QF1504',
      needs: { childSeats: 1, boosterSeats: 1, wheelchair: 'folding' },
      returnTrip: { date: backDay, time: '17:15', flightNumber: 'JQ451' },
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const rideId = ((await posted.json()) as { ride: { id: string } }).ride.id;
  const quoted = await d.page.request.post('/api/quotes', {
    data: { rideId, pair: true, price: 260, message: 'Both ways, child seat and booster included.' },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const quoteId = ((await quoted.json()) as { quote: { id: string } }).quote.id;
  const accepted = await c.page.request.post(`/api/quotes/${quoteId}/accept`, { data: { acceptFare: true } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const { booking, pairBooking } = (await accepted.json()) as {
    booking: { id: string };
    pairBooking: { id: string } | null;
  };
  expect(pairBooking).not.toBeNull();
  const returnId = pairBooking!.id;

  // The customer: everything booked, and the customer's own day card (the vehicle to look for).
  await c.page.goto(`/booking/${booking.id}`);
  await expectEverythingBooked(c.page, new RegExp(`^/booking/${returnId}$`));
  await expect(c.page.getByRole('region', { name: 'On the day' })).toContainText('Look for');
  expect(await sideways(c.page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(c.page)).toEqual([]);

  // The driver: the customer's name, phone and pickup first; nothing addressed to a passenger.
  await d.page.goto(`/booking/${booking.id}`);
  await expectEverythingBooked(d.page, new RegExp(`^/booking/${returnId}$`));
  const day = d.page.getByRole('region', { name: 'On the day' });
  await expect(day.getByTestId('driver-customer-name')).toHaveText('Grace Granville');
  await expect(day.getByRole('link', { name: 'Call Grace Granville, 0412 345 678' })).toHaveAttribute(
    'href',
    'tel:+61412345678',
  );
  await expect(day).toContainText('12 Stockton Street, Nelson Bay NSW 2315');
  await expect(d.page.locator('main')).not.toContainText('Look for');
  await expect(d.page.getByTestId('contacts')).not.toContainText(/you pay the driver/i);
  // The day card comes before what was booked, which comes before the contacts and the fare.
  const top = async (testId: string) => (await d.page.getByTestId(testId).boundingBox())!.y;
  expect(await top('day-of-trip')).toBeLessThan(await top('booked-details'));
  expect(await top('booked-details')).toBeLessThan(await top('agreed-fare'));
  expect(await sideways(d.page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(d.page)).toEqual([]);

  // The admin: the same facts, the return leg on its admin page.
  const a = await signedInAt(browser, E2E_ADMIN);
  await a.page.goto(`/admin/bookings/${booking.id}`);
  await expectEverythingBooked(a.page, new RegExp(`^/admin/bookings/${returnId}$`));
  expect(await axeViolations(a.page)).toEqual([]);

  // The return leg's own page links back to the outbound leg.
  await c.page.goto(`/booking/${returnId}`);
  const back = c.page.getByRole('region', { name: 'What was booked' });
  await expect(back.getByTestId('booked-flight')).toHaveText('JQ451');
  await expect(back.getByRole('link', { name: /^Outbound leg:/ })).toHaveAttribute(
    'href',
    `/booking/${booking.id}`,
  );

  // After the pickup the driver's actions of the moment lead the page: complete, then paid and the rating.
  expect((await d.page.request.post(`/api/dev/rides/${rideId}/pickup-passed`)).ok()).toBe(true);
  await d.page.setViewportSize({ width: 390, height: 844 });
  await d.page.goto(`/booking/${booking.id}`);
  const completeButton = d.page.getByRole('button', { name: 'Mark trip completed' });
  await expect(completeButton).toBeVisible();
  expect((await completeButton.boundingBox())!.y).toBeLessThan(await top('day-of-trip'));
  await completeButton.click();
  await expect(d.page.getByTestId('booking-status')).toContainText('Completed');
  const paid = d.page.getByRole('button', { name: 'Mark as paid and send receipt' });
  const rate = d.page.getByRole('button', { name: 'Submit rating' });
  const trip = d.page.getByRole('heading', { name: 'Trip', exact: true });
  await expect(paid).toBeVisible();
  await expect(rate).toBeVisible();
  const tripTop = (await trip.boundingBox())!.y;
  expect((await paid.boundingBox())!.y).toBeLessThan(tripTop);
  expect((await rate.boundingBox())!.y).toBeLessThan(tripTop);
  expect(await axeViolations(d.page)).toEqual([]);

  await a.ctx.close();
  await c.ctx.close();
  await d.ctx.close();
});
