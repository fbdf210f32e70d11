/**
 * Issue 15, driver billing in the browser: a driver completes trips and sees each one's platform fee and
 * GST on /driver-billing; at the month's end (the development shortcut runs the real monthly run) the
 * statement appears, opens as a tax invoice with both ABNs and downloads as a PDF. Without Stripe keys
 * the statement gives bank transfer details; an administrator records the transfer on /admin/billing and
 * the statement shows paid. The driver marks a trip paid in cash and the customer sees the receipt.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  acceptViaApi,
  driverProfileBody,
  postTripViaApi,
  quoteViaApi,
  signedInAt,
} from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_ADMIN, latestMail } from './support.ts';

test.setTimeout(120_000);
test.use({ bypassCSP: true });
const SHOTS = '/tmp/i15-billing';

const book = acceptViaApi;

test('a driver sees the fee on each completed trip, then the month’s statement and its PDF', async ({
  browser,
  request,
}) => {
  const driverUser = await createConfirmedUser(request, 'driver', { fullName: 'Dana Shuttle' });
  const customerUser = await createConfirmedUser(request, 'customer');
  const driver = await signedInAt(browser, driverUser);
  const customer = await signedInAt(browser, customerUser);
  const profile = await driver.page.request.put('/api/drivers/me', {
    data: driverProfileBody({ companyName: 'Tomaree Transfers' }),
  });
  expect(profile.status(), await profile.text()).toBe(200);

  // Two trips, $120 and $85.50, booked and then past their pickup.
  const bookings: string[] = [];
  for (const price of [120, 85.5]) {
    const rideId = await postTripViaApi(customer.page);
    bookings.push(await book(customer.page, await quoteViaApi(driver.page, rideId, price)));
    expect((await driver.page.request.post(`/api/dev/rides/${rideId}/pickup-passed`)).ok()).toBe(true);
  }
  // The driver completes the first on its page, the second through the API.
  await driver.page.goto(`/booking/${bookings[0]}`);
  await driver.page.getByRole('button', { name: 'Mark trip completed' }).click();
  await expect(driver.page.getByTestId('toast').filter({ hasText: 'Trip completed' })).toBeVisible();
  expect((await driver.page.request.post(`/api/bookings/${bookings[1]}/complete`)).ok()).toBe(true);

  const page = driver.page;
  await page.goto('/driver-billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText(/platform fee of 8% of the agreed fare/)).toBeVisible();
  const month = page.getByRole('table', { name: /^Fees for .* so far$/ });
  // 8% of $120.00 is $9.60 (GST $0.96); of $85.50, $6.84 (GST $0.68).
  await expect(month.getByRole('row')).toHaveCount(4); // header, two lines, totals
  await expect(month.getByRole('row', { name: /\$120\.00 \$9\.60 8% \$0\.96/ })).toBeVisible();
  await expect(month.getByRole('row', { name: /\$85\.50 \$6\.84 8% \$0\.68/ })).toBeVisible();
  await expect(month).toContainText('Fees $16.44 + GST $1.64');
  await expect(month).toContainText('Total $18.08');
  await expect(page.getByText('No statements yet.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/billing-month-1280.png`, fullPage: true });

  // The month ends: the monthly run issues the statement.
  const run = await page.request.post('/api/dev/billing/month-end');
  expect(run.status(), await run.text()).toBe(200);
  await page.reload();
  await expect(page.getByText('No fees yet this month.')).toBeVisible();
  const statements = page.getByRole('table', { name: 'Statements' });
  const row = statements.getByRole('row', { name: /SQ-\d{6}-\d{5}/ });
  await expect(row).toContainText('$18.08');
  await expect(row).toContainText('Open');
  const number = (await row.getByRole('link').textContent())?.trim() ?? '';
  expect(number).toMatch(/^SQ-\d{6}-\d{5}$/);

  await row.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
  await expect(page.getByText(number, { exact: false }).first()).toBeVisible();
  // The platform's ABN (the development default) and the driver's (the journeys' drivers share it).
  await expect(page.getByText('ABN 51 824 753 556')).toHaveCount(2);
  await expect(page.getByText('Tomaree Transfers')).toBeVisible();
  await expect(page.getByText('Total $18.08 includes GST of $1.64.')).toBeVisible();
  await expect(page.getByRole('table', { name: /^Platform fees for / }).getByRole('row')).toHaveCount(4);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/statement-1280.png`, fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain(`Tax invoice ${number}`);

  // On a phone the invoice still fits: tables scroll inside their own region, never the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  await page.screenshot({ path: `${SHOTS}/statement-390.png`, fullPage: true });
  await page.goto('/driver-billing');
  await expect(statements).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/billing-390.png`, fullPage: true });

  // No Stripe keys in the journeys: no "Pay now", bank transfer details instead.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/driver-billing`);
  await statements.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay .* now$/ })).toHaveCount(0);
  await expect(page.getByText(`by bank transfer quoting ${number}.`, { exact: false })).toBeVisible();
  const statementUrl = page.url();
  // Stripe sends a driver who cancels back with ?payment=cancelled: the spec's payment error.
  await page.goto(`${statementUrl}?payment=cancelled`);
  const paymentError = page.getByRole('alert').filter({ hasText: 'Payment Error' });
  await expect(paymentError).toContainText(
    'There was an issue processing your payment. Please try again or contact support.',
  );
  await expect(paymentError).toContainText('nothing was charged');

  // The driver marks the first trip paid in cash: the customer gets the receipt, in the app and by e-mail.
  await page.goto(`/booking/${bookings[0]}`);
  await page.getByRole('radio', { name: 'Cash' }).check();
  await expect(page.getByLabel('Amount paid (AUD)')).toHaveValue('120.00');
  await page.getByRole('button', { name: 'Mark as paid and send receipt' }).click();
  const driverReceipt = page.getByTestId('receipt');
  await expect(driverReceipt).toContainText(/R-\d{5}/);
  await expect(driverReceipt).toContainText('$120.00 by cash');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/booking-receipt-driver-1280.png`, fullPage: true });

  await customer.page.goto(`/booking/${bookings[0]}`);
  const receipt = customer.page.getByTestId('receipt');
  await expect(receipt).toContainText('Tomaree Transfers (ABN 51 824 753 556)');
  await expect(receipt).toContainText('$120.00 by cash');
  expect(await axeViolations(customer.page)).toEqual([]);
  await customer.page.setViewportSize({ width: 390, height: 844 });
  await customer.page.screenshot({ path: `${SHOTS}/booking-receipt-customer-390.png`, fullPage: true });
  const mail = await latestMail(customer.page.request, customerUser.email, 'notification');
  expect(mail.subject).toContain('Receipt R-');
  expect(mail.text).toContain('Tomaree Transfers (ABN 51 824 753 556) received $120.00 by cash');

  // An administrator finds the statement on /admin/billing and records the bank transfer.
  const admin = await signedInAt(browser, E2E_ADMIN);
  const a = admin.page;
  await a.goto('/admin/billing');
  await expect(a.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await a.getByLabel('Status').selectOption('open');
  const adminRow = a
    .getByRole('table', { name: 'Statements' })
    .getByRole('row', { name: new RegExp(number) });
  await expect(adminRow).toContainText('Tomaree Transfers');
  await expect(adminRow).toContainText('$18.08');
  expect(await axeViolations(a)).toEqual([]);
  await a.screenshot({ path: `${SHOTS}/admin-billing-1280.png`, fullPage: true });
  await adminRow.getByRole('link', { name: number }).click();
  await a.getByRole('button', { name: 'Record bank payment' }).click();
  const dialog = a.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('Enter the bank reference')).toBeVisible();
  await dialog.getByLabel('Bank reference').fill('CBA 4471-209');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(a.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(a.getByRole('button', { name: 'Record bank payment' })).toHaveCount(0);

  // The driver sees it paid.
  await page.goto(statementUrl);
  await expect(page.getByText(/Paid .* by bank transfer/)).toBeVisible();
  await page.goto('/driver-billing');
  await expect(statements.getByRole('row', { name: new RegExp(number) })).toContainText('Paid');

  await admin.ctx.close();
  await driver.ctx.close();
  await customer.ctx.close();
});
