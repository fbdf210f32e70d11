/**
 * Issue 15, driver billing in the browser: a driver completes trips and sees each one's platform fee and
 * GST on /driver-billing; at the month's end (the development shortcut runs the real monthly run) the
 * statement appears, opens as a tax invoice with both ABNs and downloads as a PDF.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { driverProfileBody, postTripViaApi, quoteViaApi, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser } from './support.ts';

test.setTimeout(120_000);
test.use({ bypassCSP: true });
const SHOTS = '/tmp/i15-billing';

async function book(page: Page, quoteId: string): Promise<string> {
  const res = await page.request.post(`/api/quotes/${quoteId}/accept`, { data: { acceptFare: true } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { booking: { id: string } }).booking.id;
}

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

  await driver.ctx.close();
  await customer.ctx.close();
});
