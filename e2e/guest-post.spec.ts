/**
 * Issue 31, item 0, on a 390 px phone: a guest fills /book-ride without an account (no budget, needs
 * folded until asked for), a reload loses nothing, the last step asks for name, e-mail and mobile, and the
 * e-mail's link lands on the live trip, signed in, with everything as typed. axe reports nothing.
 */
import { expect, type Page, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { axeViolations, latestMail, linkIn, uniqueEmail } from './support.ts';

test.setTimeout(90_000);
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });

async function choosePlace(page: Page, label: string, query: string, option: RegExp) {
  await page.getByRole('combobox', { name: `${label} suburb` }).fill(query);
  await page.getByRole('option', { name: option }).first().click();
}

test('a guest posts a trip first and confirms their e-mail at the end', async ({ page, request }) => {
  const email = uniqueEmail('guest');
  const day = utcToSydney(new Date(Date.now() + 5 * 86_400_000)).date;

  await page.goto('/book-ride');
  await expect(page).toHaveURL(/\/book-ride$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a ride' })).toBeVisible();
  await choosePlace(page, 'Pickup', 'Nelson B', /Nelson Bay NSW 2315/);
  await page.getByLabel('Pickup street address (optional)').fill('12 Magnus Street');
  await choosePlace(page, 'Destination', 'Williamt', /Williamtown NSW 2318/);
  await expect(page.getByTestId('estimate')).toContainText(/indicative price \$\d+\.\d\d/);
  // The fare guide shows as soon as both places are chosen (from real bookings, or the indicative price).
  await expect(page.getByTestId('fare-guide')).toBeVisible();
  await page.getByLabel('Pickup date').fill(day);
  await page.getByLabel('Pickup time (Sydney time)').fill('05:30');
  await page.getByLabel('Passengers').fill('3');
  await page.getByLabel('Bags').fill('2');
  // What the trip needs is folded until asked for; the budget is optional and left empty.
  await expect(page.getByLabel('Surfboards')).toBeHidden();
  await page.getByRole('button', { name: /^Add needs/ }).click();
  await page.getByLabel('Child seats (6 months to 4 years)').fill('1');
  await page.getByLabel('Notes for drivers (optional)').fill('Early flight, please be on time.');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/i31-guest-post/book-ride-390.png', fullPage: true });

  // A reload loses nothing: the needs section opens by itself as it holds a value.
  await page.reload();
  await expect(page.getByLabel('Pickup street address (optional)')).toHaveValue('12 Magnus Street');
  await expect(page.getByLabel('Pickup time (Sydney time)')).toHaveValue('05:30');
  await expect(page.getByLabel('Child seats (6 months to 4 years)')).toHaveValue('1');
  await expect(page.getByLabel('Notes for drivers (optional)')).toHaveValue(
    'Early flight, please be on time.',
  );

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Last step: who is travelling?' })).toBeVisible();
  await expect(page.getByTestId('trip-summary')).toContainText('Nelson Bay to Williamtown');
  // The shared schema checks the person as the API does.
  await page.getByRole('button', { name: 'Post my trip' }).click();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await page.getByLabel('Full name').fill('Gwen Guest');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobile number').fill('0412 555 123');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Post my trip' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.screenshot({ path: '/tmp/i31-guest-post/check-email-390.png' });
  await expect(page.getByText(email)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The e-mail's link confirms the address, signs in and lands on the live trip.
  const mail = await latestMail(request, email, 'guest-trip');
  await page.goto(linkIn(mail.text));
  await expect(page).toHaveURL(/\/driver-matching\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finding drivers' })).toBeVisible();
  await expect(page.getByText(/12 Magnus Street/).first()).toBeVisible();
  await expect(page.getByText('Early flight, please be on time.')).toBeVisible();
  const session = (await (await page.request.get('/api/session')).json()) as {
    user: { email: string } | null;
  };
  expect(session.user?.email).toBe(email);
  const rideId = page.url().split('/').pop()!;
  const ride = (await (await page.request.get(`/api/rides/${rideId}`)).json()) as {
    ride: { status: string; passengers: number; luggageBags: number; budgetCents: number | null };
  };
  expect(ride.ride).toMatchObject({ status: 'open', passengers: 3, luggageBags: 2, budgetCents: null });
  expect(await axeViolations(page)).toEqual([]);

  // Posted: the form starts empty again.
  await page.goto('/book-ride');
  await expect(page.getByLabel('Pickup street address (optional)')).toHaveValue('');
});
