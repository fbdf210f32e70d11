/**
 * Issue 30 item 6 in the browser: the customer reports a problem from the booking page on a 390 px phone
 * ("Report a problem with this trip": a dialog with what went wrong and what happened, its errors, a
 * success toast, "problem reported" in the booking's history), and the admin finds it in the issue list
 * as a trip problem linked to the booking, and on its page with the trip and both sides.
 */
import { expect, test } from '@playwright/test';
import {
  acceptViaApi,
  driverProfileBody,
  postTripViaApi,
  quoteViaApi,
  signedInAt,
} from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_ADMIN } from './support.ts';

test.setTimeout(120_000);
const SHOTS = '/tmp/i30-trip-problems';

test('a customer reports a problem from the booking page; the admin sees it with the booking', async ({
  browser,
  request,
}) => {
  // Letters only (a name may not hold digits): a surname no other journey uses.
  const surname = `Reporter${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const driverUser = await createConfirmedUser(request, 'driver', { fullName: 'Dana Shuttle' });
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: `Casey ${surname}` });
  const driver = await signedInAt(browser, driverUser);
  const customer = await signedInAt(browser, customerUser, 390);
  const profile = await driver.page.request.put('/api/drivers/me', {
    data: driverProfileBody({ companyName: 'Tomaree Transfers' }),
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const rideId = await postTripViaApi(customer.page, { hoursAhead: 30 });
  const bookingId = await acceptViaApi(customer.page, await quoteViaApi(driver.page, rideId, 129));

  const page = customer.page;
  await page.goto(`/booking/${bookingId}`);
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible();
  await page.getByRole('button', { name: 'Essential Only' }).click();

  const opener = page.getByRole('button', { name: 'Report a problem with this trip' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem with this trip' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dialog-390.png`, fullPage: false });
  expect(await axeViolations(page)).toEqual([]);

  // Nothing chosen, nothing written: both errors, the focus on the first.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose what went wrong.')).toBeVisible();
  await expect(dialog.getByText('Tell us what happened in at least 10 characters.')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /^Late/ })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('radio', { name: /^Vehicle or driver not as booked/ }).check();
  await dialog
    .getByLabel('What happened?')
    .fill('A sedan came instead of the van we booked, and our three bags did not fit.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Problem reported', { exact: true }).first()).toBeVisible();
  // The booking's history shows it, without a reload.
  await expect(page.getByText(/problem reported/i).last()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/after-report-390.png`, fullPage: true });

  const admin = await signedInAt(browser, E2E_ADMIN);
  await admin.page.goto('/admin/issues?kind=trip');
  await admin.page.getByLabel('Words or e-mail').fill(customerUser.email);
  await admin.page.getByRole('button', { name: 'Filter' }).click();
  const title = /^Problem with booking on .+: Vehicle or driver not as booked$/;
  await expect(admin.page.getByRole('link', { name: title })).toBeVisible();
  await expect(admin.page.getByRole('link', { name: /Nelson Bay to Williamtown/ })).toHaveAttribute(
    'href',
    `/admin/bookings/${bookingId}`,
  );
  expect(await axeViolations(admin.page)).toEqual([]);

  await admin.page.getByRole('link', { name: title }).click();
  const booking = admin.page.getByTestId('issue-booking');
  await expect(booking).toContainText('Nelson Bay to Williamtown');
  await expect(booking).toContainText(`Casey ${surname}`);
  await expect(booking).toContainText('Tomaree Transfers');
  await expect(booking.getByRole('link', { name: 'Open the booking' })).toHaveAttribute(
    'href',
    `/admin/bookings/${bookingId}`,
  );
  await admin.page.screenshot({ path: `${SHOTS}/admin-issue.png`, fullPage: true });
  expect(await axeViolations(admin.page)).toEqual([]);

  await admin.ctx.close();
  await driver.ctx.close();
  await customer.ctx.close();
});
