/**
 * Issue 14: an administrator finds a booking, cancels it with a reason (the customer and the driver both see
 * "Cancelled by ShuttleQuote"), reads the timeline and exports the trip records; the list at 390 px. Issue 31:
 * the list's "How booked" column and filter, and the booking page's "Booked: Quote".
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { postTripViaApi, quoteViaApi, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_ADMIN } from './support.ts';

test.describe.configure({ timeout: 120_000 });

test('an admin cancels a booking: both sides see it, the timeline says who and why', async ({
  browser,
  request,
}) => {
  const customer = await createConfirmedUser(request, 'customer', { fullName: 'Corinne Cancelled' });
  const driver = await createConfirmedUser(request, 'driver', { fullName: 'Derek Overseen' });
  const c = await signedInAt(browser, customer);
  const d = await signedInAt(browser, driver);
  const rideId = await postTripViaApi(c.page, { hoursAhead: 72 });
  const quoteId = await quoteViaApi(d.page, rideId, 120);
  const accepted = await c.page.request.post(`/api/quotes/${quoteId}/accept`, { data: { acceptFare: true } });
  expect(accepted.status()).toBe(201);
  const bookingId = ((await accepted.json()) as { booking: { id: string } }).booking.id;

  const a = await signedInAt(browser, E2E_ADMIN);
  await a.page.goto('/admin/bookings');
  await a.page.getByLabel('Customer (name or e-mail)').fill(customer.email);
  await a.page.getByRole('button', { name: 'Filter' }).click();
  const list = a.page.getByRole('region', { name: 'Bookings (scrolls sideways)' });
  await expect(list.getByRole('row')).toHaveCount(2);
  // Issue 31: how it was booked, a column and a filter kept in the address.
  await expect(list.getByTestId('booking-origin')).toHaveText('Quote');
  await a.page.getByLabel('How booked').selectOption('Instant price');
  await a.page.getByRole('button', { name: 'Filter' }).click();
  await expect(a.page).toHaveURL(/origin=instant/);
  await expect(a.page.getByText('No bookings match.')).toBeVisible();
  await a.page.getByLabel('How booked').selectOption('Quote');
  await a.page.getByRole('button', { name: 'Filter' }).click();
  await expect(a.page).toHaveURL(/origin=quote/);
  await expect(list.getByRole('row')).toHaveCount(2);
  await list.getByRole('link', { name: 'Nelson Bay to Williamtown' }).click();
  await expect(a.page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}$`));
  await expect(a.page.getByTestId('booking-origin')).toHaveText('Booked: Quote');
  await expect(a.page.getByTestId('booking-timeline')).toContainText(
    'Booked: the customer accepted the quote',
  );

  await a.page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = a.page.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill('The road to the airport is closed that morning');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(a.page.getByTestId('admin-booking-panel')).toContainText('Cancelled');
  const timeline = a.page.getByTestId('booking-timeline');
  await expect(timeline).toContainText('The road to the airport is closed that morning');
  await expect(timeline).toContainText(
    'Told Corinne Cancelled (customer): ShuttleQuote cancelled your booking',
  );
  expect(await axeViolations(a.page)).toEqual([]);
  await a.page.screenshot({ path: test.info().outputPath('admin-booking-1280.png'), fullPage: true });

  // Both sides read who cancelled and why.
  for (const side of [c.page, d.page]) {
    await side.goto(`/booking/${bookingId}`);
    const status = side.getByTestId('booking-status');
    await expect(status).toContainText('Cancelled by ShuttleQuote');
    await expect(status).toContainText('The road to the airport is closed that morning');
  }

  // The trip records of the pickup's day name the booking, its driver's authorisation and its status.
  await a.page.goto('/admin/exports');
  const records = a.page.getByRole('heading', { name: 'Trip records' }).locator('..');
  const pickupDay = utcToSydney(new Date(Date.now() + 72 * 3_600_000)).date;
  await records.getByLabel('From').fill(pickupDay);
  await records.getByLabel('To').fill(pickupDay);
  const downloading = a.page.waitForEvent('download');
  await records.getByRole('button', { name: 'Download CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`trip-records-${pickupDay}-to-${pickupDay}.csv`);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).toContain(bookingId);
  expect(text).toContain('BSP-');
  expect(text).toMatch(/,cancelled,/);
  // Issue 31: how it was booked (the origin's label), then no seats and no run.
  expect(text.split('\r\n')[0]).toMatch(/,Origin,Seats,Run ID$/);
  expect(text).toMatch(new RegExp(`${bookingId},.*,Quote,,(\r\n|$)`));
  await expect(records.getByRole('status')).toContainText('Downloaded');
  expect(await axeViolations(a.page)).toEqual([]);

  await a.ctx.close();
  await c.ctx.close();
  await d.ctx.close();
});

test('/admin/bookings at 390 px: no sideways page, no axe violations', async ({ browser }) => {
  const a = await signedInAt(browser, E2E_ADMIN, 390);
  await a.page.goto('/admin/bookings?status=confirmed');
  await expect(a.page.getByLabel('Status')).toHaveValue('confirmed');
  await expect(a.page.locator('h1')).toHaveText('Bookings');
  await a.page.screenshot({ path: test.info().outputPath('admin-bookings-390.png'), fullPage: true });
  await expect(
    a.page.getByRole('status').or(a.page.getByRole('region', { name: 'Bookings (scrolls sideways)' })),
  ).toBeVisible();
  expect(
    await a.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(a.page)).toEqual([]);
  await a.ctx.close();
});
