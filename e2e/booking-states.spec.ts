/**
 * Issue 12, clear states, in the browser: cancelling asks first (a dialog with the policy and a reason,
 * focus trapped and returned), a late cancellation is marked for admins, the reopened request explains
 * what happened and its cancelled quote says who cancelled, a refused accept in a second tab stays on
 * screen until dismissed, focus follows the actions, phones are national tel: links, and a long e-mail
 * address never makes the booking page scroll sideways.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  type Account,
  acceptViaApi,
  driverProfileBody,
  postTripViaApi,
  quoteViaApi,
  signedInAt,
} from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_ADMIN, uniqueEmail } from './support.ts';

test.setTimeout(120_000);
const SHOTS = '/tmp/i12-states';
const PHONE = { size: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const signedIn = (browser: Browser, who: Account, phone = false) =>
  signedInAt(browser, who, phone ? 390 : 1280);
const postTrip = (page: Page, hoursAhead: number) =>
  postTripViaApi(page, { hoursAhead, address: '12 Magnus Street' });
const quote = (page: Page, rideId: string, price: number) => quoteViaApi(page, rideId, price);

const book = acceptViaApi;

async function driverWithBusiness(request: Parameters<typeof createConfirmedUser>[0], company: string) {
  const account = await createConfirmedUser(request, 'driver', { fullName: 'Dana Shuttle' });
  return { ...account, company };
}

async function setUpDriver(page: Page, company: string, phone: string | null) {
  const profile = await page.request.put('/api/drivers/me', {
    // The customer calls the business phone (issue 13).
    data: driverProfileBody({ companyName: company, ...(phone ? { businessPhone: phone } : {}) }),
  });
  expect(profile.status(), await profile.text()).toBe(200);
  if (phone) {
    const me = await page.request.patch('/api/me', { data: { fullName: 'Dana Shuttle', phone } });
    expect(me.status(), await me.text()).toBe(200);
  }
}

/** The cookie banner covers the bottom of a phone's screen: choose, so screenshots show the page. */
async function dismissCookies(page: Page) {
  // Every context here is new, so the banner always asks.
  await page.getByRole('button', { name: 'Essential Only' }).click();
}

/** No sideways scrolling: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

test('cancelling asks first, states the policy, and a late cancellation is marked for admins', async ({
  browser,
  request,
}) => {
  const driverUser = await driverWithBusiness(request, 'Tomaree Transfers');
  // A long address, as people have: it must wrap, never widen the page.
  // A surname of its own, so the admin can pick this booking out of every cancelled one.
  const surname = `Rider${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const customerUser = await createConfirmedUser(request, 'customer', {
    email: uniqueEmail('casey.longaddress.for-wrapping.tests'),
    fullName: `Casey ${surname}`,
  });
  const driver = await signedIn(browser, driverUser);
  const customer = await signedIn(browser, customerUser, true);
  await setUpDriver(driver.page, driverUser.company, '+61498765432');

  // Pickup in 5 hours: inside the 24 hours, so cancelling now is late.
  const rideId = await postTrip(customer.page, 5);
  const bookingId = await book(customer.page, await quote(driver.page, rideId, 139));
  const page = customer.page;
  await page.goto(`/booking/${bookingId}`);
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible();
  await dismissCookies(page);

  // Both sides' phones (every account gives a mobile at sign-up) as national tel: links.
  const driverPhone = page.getByRole('link', { name: 'Phone 0498 765 432' });
  await expect(driverPhone).toHaveAttribute('href', 'tel:+61498765432');
  const customerPhone = page.getByRole('link', { name: 'Phone 0412 345 678' });
  await expect(customerPhone).toHaveAttribute('href', 'tel:+61412345678');
  await expect(page.getByTestId('vehicle')).toContainText('Toyota HiAce, White · registration PS12AB');
  await expect(page.getByTestId('booking-status')).toContainText(
    'Pickup is less than 24 hours away: a cancellation now is recorded as late.',
  );
  // From 360 px (the narrowest common phone; at 320 the shell's header is wider than the window).
  for (const width of [360, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(page.getByTestId('contacts')).toContainText(customerUser.email);
    await expectNoSidewaysScroll(page);
  }
  await page.setViewportSize(PHONE.size);
  await page.screenshot({ path: `${SHOTS}/booking-390.png`, fullPage: true });

  // The policy is stated before anything happens; cancelling is not one click.
  await expect(page.getByText('Cancelling is free until 24 hours before pickup.').first()).toBeVisible();
  const opener = page.getByRole('button', { name: 'Cancel booking' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'Pickup is less than 24 hours away. This cancellation will be recorded as late.',
  );
  await expect(page.getByTestId('booking-status')).toContainText('Confirmed');
  await page.screenshot({ path: `${SHOTS}/booking-cancel-dialog-390.png`, fullPage: false });
  expect(await axeViolations(page)).toEqual([]);

  // Focus stays inside the dialog, and returns to the button that opened it.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // A reason is required; then it is cancelled, and focus lands on the new status.
  await opener.click();
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(dialog.getByText('Please tell the other side why you are cancelling')).toBeVisible();
  await dialog.getByLabel('Reason for cancelling').fill('Our flight was cancelled');
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(dialog).toBeHidden();
  const status = page.getByTestId('booking-status');
  await expect(status).toContainText('Cancelled by you on');
  await expect(status).toContainText('“Our flight was cancelled”');
  await expect(status).toBeFocused();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // The driver reads who cancelled.
  await driver.page.goto(`/booking/${bookingId}`);
  await expect(driver.page.getByTestId('booking-status')).toContainText('Cancelled by the customer on');
  await expect(driver.page.getByTestId('contacts')).toContainText('0412 345 678');

  // An admin sees the late mark in the list and on the booking, which never scrolls sideways either.
  const admin = await signedIn(browser, { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  await admin.page.goto('/admin-dashboard');
  await admin.page.getByLabel('Status').selectOption('cancelled');
  const row = admin.page.getByTestId('admin-booking-row').filter({ hasText: `Casey ${surname}` });
  await expect(row).toContainText('Late cancellation');
  // At 390 px the bookings table scrolls sideways, and a keyboard can reach and scroll it.
  await admin.page.setViewportSize({ width: 390, height: 900 });
  const table = admin.page.getByRole('region', { name: 'Bookings (scrolls sideways)' });
  await table.focus();
  await expect(table).toBeFocused();
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await admin.page.keyboard.press('ArrowRight');
  await admin.page.keyboard.press('ArrowRight');
  await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await admin.page.setViewportSize({ width: 1280, height: 900 });
  await admin.page.goto(`/admin/bookings/${bookingId}`);
  await expect(admin.page.getByTestId('late-cancellation')).toHaveText('Late cancellation');
  await expect(admin.page.getByTestId('booking-status')).toContainText('Cancelled by the customer on');
  await expect(admin.page.getByTestId('booking-status')).toContainText(
    'Cancelled less than 24 hours before pickup.',
  );
  for (const width of [390, 1280]) {
    await admin.page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(admin.page);
  }
  expect(await axeViolations(admin.page)).toEqual([]);

  await admin.ctx.close();
  await driver.ctx.close();
  await customer.ctx.close();
});

test('a driver cancels: the reopened trip explains it, and the quote reads "Cancelled by the driver"', async ({
  browser,
  request,
}) => {
  const driverUser = await driverWithBusiness(request, 'Shoal Bay Shuttles');
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: 'Casey Rider' });
  const driver = await signedIn(browser, driverUser);
  const customer = await signedIn(browser, customerUser, true);
  await setUpDriver(driver.page, driverUser.company, null);
  const rideId = await postTrip(customer.page, 72);
  const bookingId = await book(customer.page, await quote(driver.page, rideId, 120));

  // The driver cancels at least 24 hours ahead: the dialog says until when it is free.
  const page = driver.page;
  await page.goto(`/booking/${bookingId}`);
  await dismissCookies(page);
  await expect(page.getByTestId('booking-status')).toContainText('Free to cancel until');
  await page.screenshot({ path: `${SHOTS}/booking-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText('This booking is free to cancel until');
  await page.screenshot({ path: `${SHOTS}/booking-cancel-dialog-1280.png` });
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel('Reason for cancelling').fill('The van needs a repair');
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(page.getByTestId('booking-status')).toContainText('Cancelled by you on');
  await expect(page.getByTestId('booking-status')).toBeFocused();

  // The customer's request is open again, and says why.
  await customer.page.goto(`/driver-matching/${rideId}`);
  const note = customer.page.getByTestId('cancelled-booking-note');
  await expect(note).toContainText(
    /^Shoal Bay Shuttles cancelled their booking on .+: “The van needs a repair”\. Your trip is open again for quotes\./,
  );
  const cancelled = customer.page.getByTestId('quote-card').filter({ hasText: 'Shoal Bay Shuttles' });
  await expect(cancelled.getByTestId('quote-state')).toHaveText('Cancelled by the driver');
  await expect(customer.page.getByText('Accepted', { exact: false })).toHaveCount(0);
  await expect(cancelled.getByRole('button', { name: 'Accept this quote' })).toHaveCount(0);
  await customer.page.getByRole('button', { name: 'Essential Only' }).click();
  await customer.page.screenshot({ path: `${SHOTS}/reopened-390.png`, fullPage: true });
  expect(await axeViolations(customer.page)).toEqual([]);

  await driver.ctx.close();
  await customer.ctx.close();
});

test('a second tab that accepts after the booking keeps the refusal on screen until dismissed', async ({
  browser,
  request,
}) => {
  const [first, second] = [
    await driverWithBusiness(request, 'Anna Bay Coaches'),
    await driverWithBusiness(request, 'Nelson Bay Cabs'),
  ];
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: 'Casey Rider' });
  const d1 = await signedIn(browser, first);
  const d2 = await signedIn(browser, second);
  await setUpDriver(d1.page, first.company, null);
  await setUpDriver(d2.page, second.company, null);
  const tab1 = await signedIn(browser, customerUser, true);
  const tab2 = await signedIn(browser, customerUser, true);
  const rideId = await postTrip(tab1.page, 72);
  await quote(d1.page, rideId, 110);
  await quote(d2.page, rideId, 125);

  // The second tab's live stream is down, so it has not heard of the booking when its customer clicks.
  await tab2.page.route('**/api/notifications/stream**', (route) => route.abort());
  for (const tab of [tab1, tab2]) {
    await tab.page.goto(`/driver-matching/${rideId}`);
    await expect(tab.page.getByTestId('quote-card')).toHaveCount(2);
  }
  const other = tab2.page.getByTestId('quote-card').filter({ hasText: 'Nelson Bay Cabs' });
  await other.getByRole('button', { name: 'Accept this quote' }).click();
  await other.getByLabel('I agree to this fare and book this driver.').check();

  const chosen = tab1.page.getByTestId('quote-card').filter({ hasText: 'Anna Bay Coaches' });
  await chosen.getByRole('button', { name: 'Accept this quote' }).click();
  await chosen.getByLabel('I agree to this fare and book this driver.').check();
  await chosen.getByRole('button', { name: 'Book at this price' }).click();
  await expect(tab1.page.getByRole('heading', { name: 'Booking details' })).toBeVisible();

  await other.getByRole('button', { name: 'Book at this price' }).click();
  const refusal = tab2.page.getByTestId('accept-refusal');
  await expect(refusal).toContainText('This request has already been booked.');
  await expect(refusal).toBeFocused();
  // The list refetches (the booked quote now reads accepted, the accept step is gone)...
  await expect(
    tab2.page.getByTestId('quote-card').filter({ hasText: 'Anna Bay Coaches' }).getByTestId('quote-state'),
  ).toHaveText('Accepted: you booked this driver');
  await expect(tab2.page.getByRole('button', { name: 'Book at this price' })).toHaveCount(0);
  // ...and the message is still there, seconds later, with a way to the booking.
  await tab2.page.waitForTimeout(2_000);
  await expect(refusal).toContainText('This request has already been booked.');
  await expect(refusal.getByRole('link', { name: 'View the booking' })).toBeVisible();
  await tab2.page.screenshot({ path: `${SHOTS}/second-tab-refusal-390.png` });
  expect(await axeViolations(tab2.page)).toEqual([]);
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refusal).toHaveCount(0);

  for (const c of [d1, d2, tab1, tab2]) await c.ctx.close();
});

test('focus follows completing and rating instead of falling to the page body', async ({
  browser,
  request,
}) => {
  const driverUser = await driverWithBusiness(request, 'Fingal Bay Tours');
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: 'Casey Rider' });
  const driver = await signedIn(browser, driverUser, true);
  const customer = await signedIn(browser, customerUser, true);
  await setUpDriver(driver.page, driverUser.company, null);
  const rideId = await postTrip(customer.page, 72);
  const bookingId = await book(customer.page, await quote(driver.page, rideId, 99));
  expect((await driver.page.request.post(`/api/dev/rides/${rideId}/pickup-passed`)).ok()).toBe(true);

  const page = driver.page;
  await page.goto(`/booking/${bookingId}`);
  await page.getByRole('button', { name: 'Mark trip completed' }).click();
  const status = page.getByTestId('booking-status');
  await expect(status).toContainText('Completed on');
  await expect(status).toBeFocused();

  await page.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await page.getByRole('button', { name: 'Submit rating' }).click();
  const mine = page.getByText('You rated:');
  await expect(mine).toBeVisible();
  await expect(mine).toBeFocused();

  // On /ratings the rated trip's card goes; focus moves to the list's heading.
  await customer.page.goto('/ratings');
  await expect(customer.page.getByText('Your rating: New')).toBeVisible();
  await customer.page.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await customer.page.getByRole('button', { name: 'Submit rating' }).click();
  await expect(customer.page.getByText('Nothing to rate.')).toBeVisible();
  await expect(customer.page.getByRole('heading', { name: 'Waiting for your rating' })).toBeFocused();
  await expect(customer.page.locator('p', { hasText: 'Your rating:' })).toContainText('5.0 from 1 rating');
  expect(await axeViolations(customer.page)).toEqual([]);

  await driver.ctx.close();
  await customer.ctx.close();
});

test.beforeAll(async () => {
  const { mkdirSync } = await import('node:fs');
  mkdirSync(SHOTS, { recursive: true });
});
