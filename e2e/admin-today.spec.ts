/**
 * Issue 30, "Today, for admins": a booking of today whose driver has not set off is counted under "needs
 * attention" on the dashboard, and /admin/today lists it at 390 px with both phones as tel: links and a
 * "Late: not on the way" text marker; axe reports nothing. The pickup is put within 20 minutes of now on the
 * same Sydney day, so the journey runs the same at any hour.
 */
import { expect, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { acceptViaApi, postTripViaApi, quoteViaApi, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_ADMIN } from './support.ts';

test.describe.configure({ timeout: 120_000 });

test("an admin sees today's late booking with both phones, at 390 px", async ({ browser, request }) => {
  const customer = await createConfirmedUser(request, 'customer', {
    fullName: 'Tilly Today',
    phone: '0400 111 222',
  });
  const driver = await createConfirmedUser(request, 'driver', {
    fullName: 'Lachie Late',
    phone: '0412 999 000',
  });
  const c = await signedInAt(browser, customer);
  const d = await signedInAt(browser, driver);
  const rideId = await postTripViaApi(c.page, { hoursAhead: 3, address: '35 Stockton St' });
  const bookingId = await acceptViaApi(c.page, await quoteViaApi(d.page, rideId, 95));
  // The pickup moves to 20 minutes from now (or, in the last 20 minutes of a Sydney day, 20 minutes ago),
  // so it is today whenever this runs, and the driver has not said they are on the way: late either way.
  const soon = new Date(Date.now() + 20 * 60_000);
  const target =
    utcToSydney(soon).date === utcToSydney(new Date()).date ? soon : new Date(Date.now() - 20 * 60_000);
  const booking = (await (await d.page.request.get(`/api/bookings/${bookingId}`)).json()) as {
    booking: { ride: { pickupAt: string } };
  };
  const minutes = Math.round((Date.parse(booking.booking.ride.pickupAt) - target.getTime()) / 60_000);
  const shifted = await d.page.request.post(`/api/dev/bookings/${bookingId}/shift`, { data: { minutes } });
  expect(shifted.ok(), await shifted.text()).toBe(true);
  await c.ctx.close();
  await d.ctx.close();

  const desk = await signedInAt(browser, E2E_ADMIN);
  await desk.page.goto('/admin-dashboard');
  const attention = desk.page.getByTestId('attention');
  await attention.getByRole('link', { name: /today (is|are) late/ }).click();
  await expect(desk.page).toHaveURL(/\/admin\/today$/);
  await desk.ctx.close();

  const a = await signedInAt(browser, E2E_ADMIN, 390);
  await a.page.goto('/admin/today');
  await expect(a.page.getByRole('heading', { level: 1, name: "Today's trips" })).toBeVisible();
  await expect(a.page.getByTestId('today-summary')).toContainText(/late/);
  const table = a.page.getByRole('region', { name: "Today's bookings (scrolls sideways)" });
  const row = table
    .getByTestId('today-row')
    .filter({ has: a.page.locator(`a[href="/admin/bookings/${bookingId}"]`) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Late: not on the way')).toBeVisible();
  await expect(row).toContainText('Tilly Today');
  await expect(row).toContainText('No trip status yet');
  await expect(row).toContainText('Pickup: 35 Stockton St, Nelson Bay');
  await expect(row.getByRole('link', { name: 'Call Tilly Today on 0400 111 222' })).toHaveAttribute(
    'href',
    'tel:+61400111222',
  );
  await expect(row.getByRole('link', { name: /^Call Bay Shuttles on / })).toHaveAttribute(
    'href',
    /^tel:\+61\d{9}$/,
  );
  // The page itself never scrolls sideways: only the table's own region does.
  expect(
    await a.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(a.page)).toEqual([]);
  await a.page.screenshot({ path: test.info().outputPath('admin-today-390.png'), fullPage: true });

  // Each row leads to the booking's admin page.
  await row.getByRole('link', { name: /Nelson Bay to Williamtown/ }).click();
  await expect(a.page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}$`));
  await a.ctx.close();
});
