/**
 * Issue 13's journey: a new driver onboards (business details, a vehicle with a photo, the three
 * documents), submits, is refused quotes with the checklist; an admin approves each document and the
 * driver with the review page's dialogs; the driver quotes naming the vehicle; the customer, on a phone,
 * sees the driver card, books, and sees the business phone.
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_ADMIN } from './support.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const nextYear = () => `${Number(utcToSydney(new Date()).date.slice(0, 4)) + 1}-06-30`;

async function uploadDocument(page: Page, testId: string, name: string) {
  const slot = page.getByTestId(testId);
  await slot.getByLabel(/^File/).setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await slot.getByLabel('Expiry date').fill(nextYear());
  await slot.getByRole('button', { name: 'Upload' }).click();
  await expect(slot).toContainText('Waiting for review');
}

test('a new driver is verified by an admin, quotes with their vehicle, and the customer books them', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const driverUser = await createConfirmedUser(request, 'driver', {
    fullName: 'Vera Verified',
    verified: false,
  });
  const firstName = `Kit${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: `${firstName} Rider` });
  const { page: driver } = await signedInAt(browser, driverUser);

  // The business details: a wrong ABN is refused at the field, then the right one saves.
  await driver.goto('/driver-profile');
  await expect(driver.getByTestId('verification-panel')).toContainText('Incomplete');
  await driver.getByLabel('Trading name').fill('Verified Bay Shuttles');
  await driver.getByLabel('ABN').fill('51 824 753 557');
  await driver.getByLabel('Business phone').fill('0498 111 222');
  await driver.getByRole('combobox', { name: 'Base locality suburb' }).fill('Nelson B');
  await driver
    .getByRole('option', { name: /Nelson Bay NSW 2315/ })
    .first()
    .click();
  await driver.getByLabel('Service radius (km)').fill('80');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await driver.getByLabel(day).check();
  }
  await driver.getByLabel('From (Sydney time)').fill('00:00');
  await driver.getByLabel('To (Sydney time)').fill('23:59');
  await driver.getByRole('button', { name: 'Save profile' }).click();
  await expect(driver.getByText("That ABN isn't valid")).toBeVisible();
  await expect(driver.getByLabel('ABN')).toBeFocused();
  await driver.getByLabel('ABN').fill('51 824 753 556');
  await driver.getByRole('button', { name: 'Save profile' }).click();
  await expect(driver.getByTestId('toast').filter({ hasText: 'Profile saved' })).toBeVisible();

  // A vehicle, and its photo.
  await driver.getByRole('button', { name: 'Add a vehicle' }).click();
  await driver.getByLabel('Make').fill('Toyota');
  await driver.getByLabel('Model').fill('HiAce');
  await driver.getByLabel('Year').fill('2022');
  await driver.getByLabel('Registration plate').fill('VB 22 AA');
  await driver.getByLabel('Passenger seats').fill('99');
  await driver.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(driver.getByText('Passenger seats must be a whole number from 1 to 50.')).toBeVisible();
  await driver.getByLabel('Passenger seats').fill('10');
  await driver.getByLabel('Luggage (bags)').fill('10');
  await driver.getByRole('button', { name: 'Add vehicle' }).click();
  const vehicle = driver.getByTestId('vehicle').filter({ hasText: 'VB22AA' });
  await expect(vehicle).toContainText('Cannot be quoted yet');
  const png = await sharp({ create: { width: 640, height: 420, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  await vehicle
    .getByLabel('Add photo')
    .setInputFiles({ name: 'van.png', mimeType: 'image/png', buffer: png });
  await expect(vehicle.getByRole('img', { name: 'Toyota HiAce' })).toBeVisible();

  // The documents, each with its expiry date; then submit.
  await uploadDocument(driver, 'document-authorisation', 'authorisation.pdf');
  await uploadDocument(driver, 'document-insurance', 'insurance.pdf');
  await uploadDocument(driver, 'document-safety_inspection', 'inspection.pdf');
  await driver.getByRole('button', { name: 'Submit for review' }).click();
  await expect(driver.getByText('your details are with us for review')).toBeVisible();
  await expect(driver.getByTestId('verification-panel')).toContainText('Pending review');
  expect(await axeViolations(driver)).toEqual([]);

  // Not verified yet: the checklist instead of trips, and the API refuses a quote.
  await driver.goto('/available-rides');
  await expect(driver.getByTestId('cannot-quote')).toContainText('Admin review');
  const refused = await driver.request.post('/api/quotes', {
    data: { rideId: '00000000-0000-4000-8000-000000000000', price: 90, message: 'Door to door.' },
  });
  expect(refused.status()).toBe(403);

  // The admin reviews: each document, then the driver.
  const { page: admin } = await signedInAt(browser, E2E_ADMIN);
  await admin.goto('/admin/verifications');
  await admin.getByRole('link', { name: 'Verified Bay Shuttles' }).click();
  await expect(admin.getByTestId('review-status')).toHaveText('Pending review');
  for (const name of [
    'Approve authorisation certificate',
    'Approve insurance certificate',
    'Approve safety inspection',
  ]) {
    await admin.getByRole('button', { name }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve document' }).click();
    await expect(admin.getByRole('dialog')).toHaveCount(0);
  }
  await admin.getByRole('button', { name: 'Reject driver' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Reject driver' }).click();
  await expect(admin.getByRole('dialog')).toContainText('Please give a reason');
  await admin.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
  await admin.getByRole('button', { name: 'Approve driver' }).click();
  await admin.getByLabel('Note (optional, the driver reads it)').fill('Checked against the NSW register.');
  await admin.getByRole('dialog').getByRole('button', { name: 'Verify driver' }).click();
  await expect(admin.getByTestId('review-status')).toHaveText('Verified');
  await expect(admin.getByTestId('review-record')).toContainText('Driver approved');
  await expect(admin.getByTestId('review-record')).toContainText('Checked against the NSW register.');
  expect(await axeViolations(admin)).toEqual([]);

  // The customer posts a trip; the verified driver quotes it, naming the vehicle.
  const { page: customer } = await signedInAt(browser, customerUser, 390);
  const at = utcToSydney(new Date(Date.now() + 72 * 3_600_000));
  const posted = await customer.request.post('/api/rides', {
    data: {
      pickup: { locality: 'NELSON BAY', postcode: '2315', address: '7 Victoria Parade' },
      destination: { locality: 'WILLIAMTOWN', postcode: '2318', address: '' },
      date: at.date,
      time: at.time,
      passengers: 3,
      luggageBags: 2,
      budget: 120,
    },
  });
  expect(posted.status()).toBe(201);
  const rideId = ((await posted.json()) as { ride: { id: string } }).ride.id;
  await driver.goto('/available-rides');
  const card = driver.getByTestId('available-ride').filter({ hasText: `Customer: ${firstName}` });
  await card.getByRole('button', { name: 'Quote for this trip' }).click();
  await card.getByLabel('Your price (AUD)').fill('95');
  await card.getByLabel('What the price includes').fill('Door to door, bags included.');
  await expect(card.getByLabel('Vehicle', { exact: true })).toHaveValue(/.+/);
  await card.getByRole('button', { name: 'Send quote' }).click();
  await expect(card).toContainText('Your quote: $95.00');

  // The customer, on a phone, sees the driver card and books.
  await customer.goto(`/driver-matching/${rideId}`);
  const quote = customer.getByTestId('quote-card').filter({ hasText: 'Verified Bay Shuttles' });
  await expect(quote).toBeVisible({ timeout: 15_000 });
  await expect(quote.getByTestId('track-record')).toHaveText('New');
  await expect(quote.getByTestId('trust-details')).toContainText(/Verified [A-Z][a-z]{2} \d{4}/);
  await expect(quote.getByTestId('trust-details')).toContainText('2022 Toyota HiAce · 10 seats · 10 bags');
  await expect(quote.getByRole('img', { name: 'Toyota HiAce' })).toBeVisible();
  await expect(quote.getByRole('link', { name: "View Verified Bay Shuttles's profile" })).toBeVisible();
  expect(await axeViolations(customer)).toEqual([]);
  await quote.getByRole('button', { name: 'Accept this quote' }).click();
  await quote.getByLabel('I agree to this fare and book this driver.').check();
  await quote.getByRole('button', { name: 'Book at this price' }).click();
  await expect(customer.getByRole('heading', { name: 'Booking details' })).toBeVisible();
  await expect(customer.getByTestId('contacts')).toContainText('0498 111 222');
  await expect(customer.getByTestId('driver-card')).toContainText(/Verified [A-Z][a-z]{2} \d{4}/);
  await expect(customer.getByTestId('vehicle')).toContainText('VB22AA');

  // The public driver page, without contact details.
  await customer.goto(`/drivers/${driverUser.userId}`);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Verified Bay Shuttles');
  await expect(customer.locator('main')).not.toContainText('0498');
  await expect(customer.locator('main')).toContainText('Based in Nelson Bay NSW 2315');
});
