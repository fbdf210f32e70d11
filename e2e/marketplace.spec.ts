/**
 * The marketplace loop in two browsers: a customer (on a 390 px phone) posts a trip, a driver quotes, the
 * quote arrives live, the customer books, both see each other's contact details, the driver completes the
 * trip, both rate, and the ratings become visible; an admin then oversees the booking from the dashboard.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { axeViolations, createConfirmedUser, signInAsAdmin, signInQuickly } from './support.ts';

test.setTimeout(120_000);

async function choosePlace(page: Page, label: string, query: string, option: RegExp) {
  await page.getByRole('combobox', { name: `${label} suburb` }).fill(query);
  await page.getByRole('option', { name: option }).first().click();
}

test('post a trip, quote, book, complete and rate', async ({ browser, request }) => {
  // The whole marketplace in three browsers, with eight axe checks: about 110 s on 2 busy cores.
  test.setTimeout(180_000);
  const driverUser = await createConfirmedUser(request, 'driver', { fullName: 'Dana Shuttle' });
  // A first name of its own, so the driver can pick this request out of every open one.
  const firstName = `Casey${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: `${firstName} Rider` });
  const driverCtx: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  const customerCtx: BrowserContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
  });
  const driver = await driverCtx.newPage();
  const customer = await customerCtx.newPage();
  await signInQuickly(driver, driverUser.email, driverUser.password);
  await signInQuickly(customer, customerUser.email, customerUser.password);

  // The driver's business record (verified, with a 10-seat Toyota HiAce PS12AB): every day, all day.
  await driver.goto('/driver-profile');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await driver.getByLabel(day).check();
  }
  await driver.getByLabel('From (Sydney time)').fill('00:00');
  await driver.getByLabel('To (Sydney time)').fill('23:59');
  // What the van carries: two boards on the roof (needs of trips are matched against it).
  await driver.getByLabel('Surfboards').fill('2');
  await driver.getByRole('button', { name: 'Save profile' }).click();
  await expect(driver.getByTestId('toast').filter({ hasText: 'Profile saved' })).toBeVisible();

  // The customer posts a trip three days ahead, at 10:30 Sydney time.
  const day = utcToSydney(new Date(Date.now() + 3 * 86_400_000)).date;
  await customer.goto('/book-ride');
  await choosePlace(customer, 'Pickup', 'Nelson B', /Nelson Bay NSW 2315/);
  await customer.getByLabel('Pickup street address (optional)').fill('12 Magnus Street');
  await choosePlace(customer, 'Destination', 'Williamt', /Williamtown NSW 2318/);
  await expect(customer.getByTestId('estimate')).toContainText(
    /Estimated distance about \d+\.\d km · indicative price \$\d+\.\d\d/,
  );
  await customer.getByLabel('Pickup date').fill(day);
  await customer.getByLabel('Pickup time (Sydney time)').fill('10:30');
  await customer.getByLabel('Passengers').fill('2');
  await customer.getByLabel('Bags').fill('3');
  // Needs are folded until asked for (issue 31).
  await customer.getByRole('button', { name: /^Add needs/ }).click();
  await customer.getByLabel('Surfboards').fill('1');
  await customer.getByLabel('Budget (AUD)').fill('95');
  expect(await axeViolations(customer)).toEqual([]);
  await customer.getByRole('button', { name: 'Post my trip' }).click();
  await expect(customer.getByRole('heading', { name: 'Your trip is posted' })).toBeVisible();
  await expect(customer.getByText('12 Magnus Street, Nelson Bay NSW 2315')).toBeVisible();
  await customer.getByRole('link', { name: 'See matching drivers and quotes' }).click();
  await expect(customer.getByRole('heading', { name: 'Finding drivers' })).toBeVisible();
  await expect(customer.getByTestId('match-count')).toContainText(/[1-9]\d* verified drivers? match/);
  await expect(customer.getByText('No quotes yet')).toBeVisible();
  // People reload: the reloaded page's live stream must still deliver the quote (issue 11).
  await customer.reload();
  await expect(customer.getByText('No quotes yet')).toBeVisible();

  // The driver finds it and quotes; neither the customer's contact details nor their street address show.
  await driver.goto('/available-rides');
  const card = driver.getByTestId('available-ride').filter({ hasText: `Customer: ${firstName}` });
  await expect(card).toContainText('Nelson Bay NSW 2315');
  // A customer nobody has rated yet reads "New", never "No ratings yet (0)".
  await expect(card).toContainText(`Customer: ${firstName} · New`);
  await expect(card).not.toContainText('No ratings yet');
  await expect(card.getByTestId('ride-needs')).toHaveText('Travelling with: 1 surfboard');
  await expect(card).not.toContainText(customerUser.email);
  await expect(card).not.toContainText('Rider');
  await expect(card).not.toContainText('Magnus Street');
  await card.getByRole('button', { name: 'Quote for this trip' }).click();
  await card.getByLabel('Your price (AUD)').fill('85');
  await card.getByLabel('What the price includes').fill('Door to door, surfboard and 3 bags included.');
  await card.getByRole('button', { name: 'Send quote' }).click();
  await expect(card).toContainText('Your quote: $85.00');
  expect(await axeViolations(driver)).toEqual([]);

  // The quote arrives on the customer's open page without a reload.
  const quote = customer.getByTestId('quote-card').filter({ hasText: '$85.00' });
  await expect(quote).toBeVisible({ timeout: 15_000 });
  await expect(quote).toContainText('Door to door');
  await expect(customer.locator('body')).not.toContainText(driverUser.email);
  await quote.getByRole('button', { name: 'Accept this quote' }).click();
  await expect(quote.getByTestId('fare-statement')).toContainText('$85.00');
  await expect(quote.getByTestId('fare-statement')).toContainText('the most you can be asked to pay');
  await quote.getByLabel('I agree to this fare and book this driver.').check();
  expect(await axeViolations(customer)).toEqual([]);
  await quote.getByRole('button', { name: 'Book at this price' }).click();

  // Both see the booking with each other's contact details and the vehicle.
  await expect(customer.getByRole('heading', { name: 'Booking details' })).toBeVisible();
  await expect(customer.getByTestId('agreed-fare')).toHaveText('$85.00');
  await expect(customer.getByTestId('contacts')).toContainText(driverUser.email);
  await expect(customer.getByTestId('vehicle')).toContainText('Toyota HiAce, White · registration PS12AB');
  await expect(customer.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    /calendar\.ics$/,
  );
  expect(await axeViolations(customer)).toEqual([]);
  const bookingUrl = customer.url();
  const bookingId = bookingUrl.split('/booking/')[1]!;

  await driver.goto('/bookings');
  await driver
    .getByTestId('booking-card')
    .filter({ hasText: '12 Magnus Street' })
    .getByRole('link', { name: 'Booking details' })
    .click();
  await expect(driver.getByTestId('contacts')).toContainText(customerUser.email);

  // The trip happens (its pickup time passes), and the driver marks it completed.
  const booking = await driver.request.get(`/api/bookings/${bookingId}`);
  const rideId = ((await booking.json()) as { booking: { ride: { id: string } } }).booking.ride.id;
  expect((await driver.request.post(`/api/dev/rides/${rideId}/pickup-passed`)).ok()).toBe(true);
  await driver.reload();
  await driver.getByRole('button', { name: 'Mark trip completed' }).click();
  await expect(driver.getByTestId('toast').filter({ hasText: 'Trip completed' })).toBeVisible();

  // The driver rates first: the customer cannot see it until they rate too.
  await driver.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await driver.getByLabel('Comment (optional)').fill('On time and friendly.');
  await driver.getByRole('button', { name: 'Submit rating' }).click();
  await expect(driver.getByText('You rated:')).toBeVisible();

  await customer.goto(`/booking/${bookingId}`);
  await expect(customer.getByTestId('their-rating')).toHaveCount(0);
  await customer.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await customer.getByRole('button', { name: 'Submit rating' }).click();
  await expect(customer.getByTestId('their-rating')).toContainText('On time and friendly.');

  await driver.reload();
  await expect(driver.getByTestId('their-rating')).toContainText('rated you');
  await customer.goto('/ratings');
  await expect(customer.getByTestId('rating').first()).toContainText('On time and friendly.');
  expect(await axeViolations(customer)).toEqual([]);
  await driver.goto('/notifications');
  await expect(driver.getByTestId('notification').first()).toBeVisible();
  expect(await axeViolations(driver)).toEqual([]);

  // An admin oversees it: the dashboard lists it among completed bookings and opens it on its admin page,
  // with both sides and the history, and nothing to cancel, complete or rate.
  const adminCtx: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  const admin = await adminCtx.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin-dashboard');
  await admin.getByLabel('Status').selectOption('completed');
  const row = admin.getByTestId('admin-booking-row').filter({ hasText: `${firstName} Rider` });
  await expect(row).toContainText('Dana Shuttle');
  await expect(row).toContainText('Bay Shuttles');
  await expect(row).toContainText('$85.00');
  await expect(row).toContainText('Nelson Bay to Williamtown');
  expect(await axeViolations(admin)).toEqual([]);
  await row.getByRole('link').click();
  await expect(admin).toHaveURL(new RegExp(`/admin/bookings/${bookingId}$`));
  await expect(admin).toHaveTitle(/^Admin Booking Details \|/);
  await expect(admin.getByRole('heading', { name: 'Booking details' })).toBeVisible();
  await expect(admin.getByTestId('contacts')).toContainText(customerUser.email);
  await expect(admin.getByTestId('contacts')).toContainText(driverUser.email);
  await expect(admin.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(
    admin.getByRole('button', { name: /Cancel booking|Mark trip completed|Submit rating/ }),
  ).toHaveCount(0);
  expect(await axeViolations(admin)).toEqual([]);
  // Not for the customer: the guard sends them to their dashboard.
  await customer.goto(`/admin/bookings/${bookingId}`);
  await expect(customer).toHaveURL(/\/dashboard$/);

  await adminCtx.close();
  await driverCtx.close();
  await customerCtx.close();
});

test("an admin edits a driver's business record from the user list", async ({ page, request }) => {
  const driverUser = await createConfirmedUser(request, 'driver', { fullName: 'Robin Fleet' });
  const session = await request.post('/api/account/sign-in', {
    data: { email: driverUser.email, password: driverUser.password },
  });
  const { userId } = (await session.json()) as { userId: string };
  await signInAsAdmin(page);
  await page.goto(`/users?q=${encodeURIComponent(driverUser.email)}`);
  await page
    .getByRole('row', { name: new RegExp(driverUser.email) })
    .getByRole('link', { name: 'business profile' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/driver-profile\\?user=${userId}$`));
  await expect(page.getByLabel('BSP number')).toHaveValue('BSP-12345');
  await page.getByLabel('Service radius (km)').fill('80');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Profile saved' })).toBeVisible();
  const saved = await page.request.get(`/api/drivers/${userId}`);
  expect(((await saved.json()) as { driver: { serviceRadiusKm: number } }).driver.serviceRadiusKm).toBe(80);
});

test('the trip form on a phone: needs as fields, errors clear when fixed, focus on the first error, dates in en-AU', async ({
  browser,
  request,
}) => {
  const user = await createConfirmedUser(request, 'customer', { fullName: 'Fran Former' });
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
  });
  const page = await ctx.newPage();
  await signInQuickly(page, user.email, user.password);
  await page.goto('/book-ride');

  // Submitting the empty form flags it and moves focus to the first problem: the pickup suburb.
  await page.getByRole('button', { name: 'Post my trip' }).click();
  await expect(page.getByText('Choose a pickup suburb from the list.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Pickup suburb' })).toBeFocused();
  await expect(page.getByText('Choose a pickup date.')).toBeVisible();

  // Fixing a field clears its error at once, without another submit.
  await choosePlace(page, 'Pickup', 'Nelson B', /Nelson Bay NSW 2315/);
  await expect(page.getByText('Choose a pickup suburb from the list.')).toHaveCount(0);
  const day = utcToSydney(new Date(Date.now() + 5 * 86_400_000)).date;
  await page.getByLabel('Pickup date').fill(day);
  await expect(page.getByText('Choose a pickup date.')).toHaveCount(0);
  // The chosen date is spelled out in en-AU below the control, whatever the browser's locale.
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const spelled = new Intl.DateTimeFormat('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(Date.UTC(y, m - 1, d, 12)))
    .replace(/,/g, '');
  await expect(page.getByText(spelled, { exact: true })).toBeVisible();
  await page.getByLabel('Pickup time (Sydney time)').fill('17:05');
  await expect(page.getByText('5:05 pm', { exact: true })).toBeVisible();

  // Needs are fields: more child seats than passengers is caught by the shared schema, and focused.
  await page.getByRole('button', { name: /^Add needs/ }).click();
  await page.getByLabel('Infant capsules (to 6 months)').fill('1');
  await page.getByLabel('Booster seats (4 to 8 years)').fill('1');
  await page.getByRole('button', { name: 'Post my trip' }).click();
  await expect(page.getByText('Choose a destination suburb from the list.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Destination suburb' })).toBeFocused();
  await choosePlace(page, 'Destination', 'Williamt', /Williamtown NSW 2318/);
  await page.getByLabel('Budget (AUD)').fill('90');
  await page.getByRole('button', { name: 'Post my trip' }).click();
  await expect(page.getByText('There are more child seats than passengers.')).toBeVisible();
  await expect(page.getByLabel('Child seats (6 months to 4 years)')).toBeFocused();
  await page.getByLabel('Passengers').fill('3');
  await expect(page.getByText('There are more child seats than passengers.')).toHaveCount(0);
  await page.getByLabel('Folding wheelchair (passenger transfers to a seat)').check();
  await page.getByLabel('Pram or stroller').check();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Post my trip' }).click();
  await expect(page.getByRole('heading', { name: 'Your trip is posted' })).toBeVisible();
  await expect(page.getByTestId('ride-needs')).toHaveText(
    'Travelling with: 1 infant capsule, 1 booster seat, Folding wheelchair, Pram or stroller',
  );
  await expect(page.getByText(/5:05 pm/)).toBeVisible();
  await ctx.close();
});

test('the driver profile: what the vehicles offer, and focus on the first error', async ({
  browser,
  request,
}) => {
  const driverUser = await createConfirmedUser(request, 'driver', { fullName: 'Olive Offers' });
  // bypassCSP: axe-core is injected as an inline script.
  const ctx = await browser.newContext({ bypassCSP: true });
  const page = await ctx.newPage();
  await signInQuickly(page, driverUser.email, driverUser.password);
  await page.goto('/driver-profile');
  await page.getByLabel('Service radius (km)').fill('0');
  await page.getByLabel('Booster seats').fill('-1');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByLabel('Service radius (km)')).toBeFocused();
  await page.getByLabel('Service radius (km)').fill('70');
  await expect(page.getByText(/The service radius must be/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByLabel('Booster seats')).toBeFocused();
  await page.getByLabel('Booster seats').fill('2');
  await page.getByLabel('Ramp or lift: passenger stays seated (and folding chairs)').check();
  await page.getByLabel('Pets').check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Profile saved' })).toBeVisible();
  const saved = await page.request.get('/api/drivers/me');
  expect(((await saved.json()) as { driver: { offers: unknown } }).driver.offers).toEqual({
    childSeats: 0,
    boosterSeats: 2,
    wheelchair: 'seated',
    pram: false,
    surfboards: 0,
    bikes: 0,
    pets: true,
  });
  expect(await axeViolations(page)).toEqual([]);
  await ctx.close();
});
