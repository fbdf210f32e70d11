/**
 * Issue 30 in the browser, both sides on a 390 px phone: the driver sets each trip status from the booking
 * page (one tap each; disabled with "You can start from..." while too early), shares the phone's position
 * (Playwright's geolocation), and sees the customer's "Running late" live; the customer's page, never
 * reloaded, announces each change in its live region, shows "About N min away, N km" and updates it after
 * a nearer position, and shows the free waiting countdown. axe reports nothing on either page. Screenshots
 * of both at 390 px go to /tmp/h5-*.png.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  acceptViaApi,
  driverProfileBody,
  postTripViaApi,
  quoteViaApi,
  signedInAt,
} from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_ADMIN } from './support.ts';

test.setTimeout(90_000);

const HOURS_AHEAD = 72;
/** West of Nelson Bay (the trip's pickup, about -32.72, 152.14) on the way in: about 11 km, then 5 km by road. */
const FAR = { latitude: -32.72, longitude: 152.05 };
const NEAR = { latitude: -32.72, longitude: 152.1 };

/** A fresh context is asked about cookies once the page is up. */
async function dismissCookies(page: Page) {
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible();
  await page.getByRole('button', { name: 'Essential Only' }).click();
}

/** The road distance the customer's page shows now, in km. */
async function shownKm(page: Page): Promise<number> {
  const text = (await page.getByTestId('driver-distance').textContent()) ?? '';
  const match = text.match(/^About \d+ min away, ([\d.]+) km$/);
  return match ? Number(match[1]) : Number.NaN;
}

/** A driver and a customer, each on a 390 px phone, with a booking 72 hours ahead; `shift` moves it back. */
async function bookedTrip(browser: Browser, request: APIRequestContext) {
  const driverUser = await createConfirmedUser(request, 'driver', { fullName: 'Dana Day' });
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: 'Casey Morning' });
  const driver = await signedInAt(browser, driverUser, 390);
  const customer = await signedInAt(browser, customerUser, 390);
  const profile = await driver.page.request.put('/api/drivers/me', { data: driverProfileBody() });
  expect(profile.status(), await profile.text()).toBe(200);
  const rideId = await postTripViaApi(customer.page, { hoursAhead: HOURS_AHEAD });
  const bookingId = await acceptViaApi(customer.page, await quoteViaApi(driver.page, rideId, 129));
  const shift = async (minutes: number) => {
    const res = await request.post(`/api/dev/bookings/${bookingId}/shift`, { data: { minutes } });
    expect(res.status(), await res.text()).toBe(200);
  };
  return { driver, customer, bookingId, shift };
}

test('the driver sets each status from a phone; the customer sees each live, with the distance and the wait', async ({
  browser,
  request,
}) => {
  const { driver, customer, bookingId, shift } = await bookedTrip(browser, request);
  await driver.ctx.grantPermissions(['geolocation']);
  await driver.ctx.setGeolocation(FAR);

  // 95 minutes before pickup: too early to set off.
  await shift(HOURS_AHEAD * 60 - 95);
  const d = driver.page;
  await d.goto(`/booking/${bookingId}`);
  await dismissCookies(d);
  const controls = d.getByTestId('driver-trip-controls');
  await expect(controls.getByRole('button', { name: "I'm on my way" })).toBeDisabled();
  await expect(controls.getByText(/^You can start from \d{1,2}:\d{2} [ap]m$/)).toBeVisible();
  await controls.screenshot({ path: '/tmp/h5-driver-too-early.png' });

  // 85 minutes before: the driver may set off; the customer's page is open and stays open.
  await shift(10);
  await d.reload();
  const c = customer.page;
  await c.goto(`/booking/${bookingId}`);
  await dismissCookies(c);
  const panel = c.getByTestId('trip-panel');
  const announcer = c.getByTestId('trip-announcer');
  await expect(announcer).toHaveAttribute('role', 'status');
  await expect(announcer).toHaveText('');
  await expect(panel.getByRole('list', { name: 'Trip progress' })).toContainText('On the waynext');

  await controls.getByRole('button', { name: "I'm on my way" }).click();
  await expect(controls.getByRole('heading', { name: 'Trip status: On the way' })).toBeVisible();
  await expect(announcer).toHaveText('Bay Shuttles is on the way.');
  await expect(panel.getByTestId('driver-distance')).toHaveText('Your driver is not sharing their position.');

  // The customer says they are running late; the driver sees it without a reload.
  await panel.getByLabel('How late?').selectOption('10');
  await panel.getByRole('button', { name: "I'm running late" }).click();
  await expect(panel.getByTestId('signal-sent')).toContainText('Running late: 10 minutes');
  await expect(controls.getByTestId('customer-signals')).toContainText(
    /Running late: 10 minutes \(sent at \d{1,2}:\d{2} [ap]m\)/,
  );

  // The driver shares the phone's position: the customer sees how far away they are.
  const share = controls.getByRole('switch', { name: 'Share my position with the customer' });
  await share.click();
  await expect(share).toHaveAttribute('aria-checked', 'true');
  await expect(controls.getByTestId('position-sent')).toBeVisible();
  await expect(panel.getByTestId('driver-distance')).toHaveText(/^About \d+ min away, [\d.]+ km$/);
  const farKm = await shownKm(c);
  expect(farKm).toBeGreaterThan(8);

  // Five minutes later (time travel), nearer: the distance drops on the customer's page by itself.
  await shift(5);
  await driver.ctx.setGeolocation(NEAR);
  await expect.poll(() => shownKm(c), { timeout: 20_000 }).toBeLessThan(farKm - 3);

  // Arrived: both sides see the free waiting time counting down.
  await controls.getByRole('button', { name: "I've arrived" }).click();
  await expect(announcer).toHaveText('Your driver has arrived at the pickup.');
  await expect(panel.getByTestId('waiting-countdown')).toContainText(/Free waiting: \d{1,2}:\d{2} left/);
  await expect(controls.getByTestId('waiting-countdown')).toContainText(/Free waiting: \d{1,2}:\d{2} left/);
  await expect(panel.getByTestId('driver-distance')).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Trip progress' })).toContainText('Arrived');
  await controls.screenshot({ path: '/tmp/h5-driver-controls.png' });
  await panel.screenshot({ path: '/tmp/h5-customer-timeline.png' });
  await d.screenshot({ path: '/tmp/h5-driver-page.png', fullPage: true });
  await c.screenshot({ path: '/tmp/h5-customer-page.png', fullPage: true });
  expect(await axeViolations(d)).toEqual([]);
  expect(await axeViolations(c)).toEqual([]);

  await controls.getByRole('button', { name: 'Customer on board' }).click();
  await expect(announcer).toHaveText("You're on board. Have a good trip.");
  await expect(controls.getByRole('switch')).toHaveCount(0);
  await expect(controls.getByTestId('customer-signals')).toBeEmpty();

  await controls.getByRole('button', { name: 'Dropped off' }).click();
  await expect(controls.getByTestId('status-done')).toBeFocused();
  await expect(announcer).toHaveText("You've been dropped off: the trip is complete.");
  await expect(c.getByTestId('booking-status')).toContainText('Completed');
  const steps = panel.getByRole('list', { name: 'Trip progress' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(steps.last()).toContainText(/Dropped off\d{1,2}:\d{2} [ap]mdone/);
  await panel.screenshot({ path: '/tmp/h5-customer-done.png' });
  await controls.screenshot({ path: '/tmp/h5-driver-done.png' });
  expect(await axeViolations(c)).toEqual([]);

  await driver.ctx.close();
  await customer.ctx.close();
});

test('after the free waiting time the driver marks a no-show; the customer, told live, disputes it', async ({
  browser,
  request,
}) => {
  const { driver, customer, bookingId, shift } = await bookedTrip(browser, request);
  // An hour before pickup the driver set off and arrived (through the API: the first journey taps them).
  await shift(HOURS_AHEAD * 60 - 60);
  for (const status of ['on_the_way', 'arrived']) {
    const res = await driver.page.request.post(`/api/bookings/${bookingId}/trip-status`, {
      data: { status },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const d = driver.page;
  const c = customer.page;
  await d.goto(`/booking/${bookingId}`);
  await dismissCookies(d);
  await c.goto(`/booking/${bookingId}`);
  await dismissCookies(c);
  const controls = d.getByTestId('driver-trip-controls');
  await expect(controls.getByTestId('waiting-countdown')).toContainText(/Free waiting: \d{1,2}:\d{2} left/);
  await expect(controls.getByRole('button', { name: "Customer didn't show up" })).toHaveCount(0);

  // Eleven minutes later the free waiting time is over.
  await shift(11);
  await d.reload();
  await expect(controls.getByTestId('waiting-countdown')).toContainText('Free waiting is over');
  await controls.getByRole('button', { name: "Customer didn't show up" }).click();
  const dialog = d.getByRole('dialog', { name: 'Mark the customer a no-show?' });
  await dialog
    .getByLabel('Note for the record (optional)')
    .fill('Waited 15 minutes at the door, called twice.');
  await dialog.getByRole('button', { name: 'Mark a no-show' }).click();
  await expect(dialog).toBeHidden();
  await expect(controls.getByRole('heading', { name: 'Trip status: No-show' })).toBeFocused();
  await expect(controls.getByTestId('no-show-notice')).toContainText('You marked the customer a no-show at');
  await expect(controls.getByRole('button', { name: 'Customer on board' })).toHaveCount(0);
  await controls.screenshot({ path: '/tmp/h5-no-show-driver.png' });

  // The customer's page, never reloaded, says so and offers the dispute.
  const panel = c.getByTestId('trip-panel');
  await expect(c.getByTestId('trip-announcer')).toHaveText('Your driver marked you as a no-show.');
  const notice = panel.getByTestId('no-show-notice');
  await expect(notice).toContainText('Note: “Waited 15 minutes at the door, called twice.”');
  await notice.getByRole('button', { name: 'Dispute this no-show' }).click();
  const dispute = c.getByRole('dialog', { name: 'Dispute this no-show' });
  await dispute.getByLabel('What happened?').fill('Not me');
  await dispute.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dispute.getByText('Please say what happened in 10 to 1000 characters.')).toBeVisible();
  expect(await axeViolations(c)).toEqual([]);
  await dispute.getByLabel('What happened?').fill('I was at the door at the pickup time and no van came.');
  await dispute.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dispute).toBeHidden();
  await expect(notice).toContainText(/You disputed it at \d{1,2}:\d{2} [ap]m/);
  await expect(notice.getByRole('button', { name: 'Dispute this no-show' })).toHaveCount(0);
  await panel.screenshot({ path: '/tmp/h5-no-show-customer.png' });
  expect(await axeViolations(c)).toEqual([]);
  // The driver sees the dispute without a reload.
  await expect(controls.getByTestId('no-show-notice')).toContainText('The customer disputed it at');
  expect(await axeViolations(d)).toEqual([]);

  // An admin sees the same timeline and the no-show, with nothing to press.
  const admin = await signedInAt(browser, E2E_ADMIN, 390);
  await admin.page.goto(`/admin/bookings/${bookingId}`);
  const adminPanel = admin.page.getByTestId('trip-panel');
  await expect(adminPanel.getByRole('list', { name: 'Trip progress' })).toContainText('Arrived');
  await expect(adminPanel.getByTestId('no-show-notice')).toContainText(
    'The driver marked the customer a no-show at',
  );
  await expect(adminPanel.getByTestId('no-show-notice')).toContainText('The customer disputed it at');
  await expect(adminPanel.getByRole('button')).toHaveCount(0);

  await admin.ctx.close();
  await driver.ctx.close();
  await customer.ctx.close();
});
