/**
 * Issue 12: after accepting a quote both sides are told, in the app and by e-mail, with what matters on the
 * day: the time, the addresses, the other side's phone (a tel: link), the vehicle and its plate. Both on a
 * 390 px phone; the e-mail itself is opened in the browser at that width.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { driverProfileBody } from './marketplace-api.ts';
import { createConfirmedUser, signInQuickly } from './support.ts';

test.setTimeout(120_000);

interface Mail {
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  meta: Record<string, unknown>;
}

async function notificationMail(page: Page, to: string, type: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await res.json()) as { messages: Mail[] };
        found = messages.find((m) => m.kind === 'notification' && m.meta.notificationType === type);
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

test('accepting a quote confirms the booking to both sides, in the app and by e-mail, with their phones', async ({
  browser,
  request,
}) => {
  const driverUser = await createConfirmedUser(request, 'driver', {
    fullName: 'Dana Driverson',
    phone: '0498 765 432',
    seats: 12,
    plate: 'PS23AB',
  });
  const customerUser = await createConfirmedUser(request, 'customer', {
    fullName: 'Casey Early',
    phone: '+61 412 345 678',
  });
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const customerCtx: BrowserContext = await browser.newContext(phone);
  const driverCtx: BrowserContext = await browser.newContext(phone);
  const customer = await customerCtx.newPage();
  const driver = await driverCtx.newPage();
  await signInQuickly(customer, customerUser.email, customerUser.password);
  await signInQuickly(driver, driverUser.email, driverUser.password);

  // The driver's vehicle; the customer's 5:30 am trip to the airport in three days; the driver's quote.
  const saved = await driver.request.put('/api/drivers/me', {
    data: driverProfileBody({ businessPhone: '0498 765 432' }),
  });
  expect(saved.ok()).toBe(true);
  const day = utcToSydney(new Date(Date.now() + 3 * 86_400_000)).date;
  const posted = await customer.request.post('/api/rides', {
    data: {
      pickup: { locality: 'Nelson Bay', postcode: '2315', address: '12 Stockton Street' },
      destination: { locality: 'Williamtown', postcode: '2318', address: 'Newcastle Airport' },
      date: day,
      time: '05:30',
      passengers: 2,
      luggageBags: 3,
      largeItems: [],
      budget: 150,
      notes: '',
      flightNumber: 'QF1504',
    },
  });
  expect(posted.status()).toBe(201);
  const rideId = ((await posted.json()) as { ride: { id: string } }).ride.id;
  const quoted = await driver.request.post('/api/quotes', {
    data: { rideId, price: 139, message: 'Door to door, 3 bags included.' },
  });
  expect(quoted.status()).toBe(201);

  // The customer books on their phone.
  await customer.goto(`/driver-matching/${rideId}`);
  const quote = customer.getByTestId('quote-card').filter({ hasText: '$139.00' });
  await quote.getByRole('button', { name: 'Accept this quote' }).click();
  await quote.getByLabel('I agree to this fare and book this driver.').check();
  await quote.getByRole('button', { name: 'Book at this price' }).click();
  await expect(customer.getByRole('heading', { name: 'Booking details' })).toBeVisible();
  await expect(customer.getByTestId('contacts').locator('a[href="tel:+61498765432"]')).toBeVisible();

  // In the app: the customer's confirmation names the driver, the phone, the vehicle and the plate.
  await customer.goto('/notifications');
  const confirmed = customer.getByTestId('notification').filter({ hasText: 'Booking confirmed' });
  await expect(confirmed).toContainText('Pickup: 12 Stockton Street, Nelson Bay');
  await expect(confirmed).toContainText('Driver: Bay Shuttles (Dana Driverson, 0498 765 432)');
  await expect(confirmed).toContainText('plate PS23AB');
  await driver.goto('/notifications');
  await expect(
    driver.getByTestId('notification').filter({ hasText: 'Quote accepted: new booking' }),
  ).toBeVisible();

  // By e-mail: a subject that says what and where, the details, tel: links; readable at 390 px.
  const toCustomer = await notificationMail(customer, customerUser.email, 'booking_confirmed');
  expect(toCustomer.subject).toMatch(
    /^Booking confirmed: Nelson Bay → Newcastle Airport, \w{3} \d{1,2} \w{3}, 5:30 am with Bay Shuttles$/,
  );
  const toDriver = await notificationMail(driver, driverUser.email, 'quote_accepted');
  expect(toDriver.subject).toMatch(
    /^New booking \$139: Nelson Bay → Newcastle Airport, \w{3} \d{1,2} \w{3}, 5:30 am$/,
  );
  expect(toDriver.text).toContain('Phone: 0412 345 678');

  const inbox = await customerCtx.newPage();
  await inbox.setContent(toCustomer.html!);
  await expect(inbox.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
  await expect(inbox.getByRole('link', { name: '0498 765 432' })).toHaveAttribute('href', 'tel:+61498765432');
  // The details table (the hidden preview line says it too).
  await expect(inbox.locator('td', { hasText: /^12 Stockton Street/ })).toBeVisible();
  await expect(inbox.locator('td', { hasText: /^PS23AB$/ })).toBeVisible();
  await expect(inbox.getByRole('link', { name: 'View the booking' })).toHaveAttribute(
    'href',
    /\/booking\/[0-9a-f-]+$/,
  );
  expect(await inbox.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const driverInbox = await driverCtx.newPage();
  await driverInbox.setContent(toDriver.html!);
  await expect(driverInbox.getByRole('link', { name: '0412 345 678' })).toHaveAttribute(
    'href',
    'tel:+61412345678',
  );
  expect(await driverInbox.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await customerCtx.close();
  await driverCtx.close();
});
