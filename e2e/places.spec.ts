/**
 * Issue 12 point 3, "Places people actually type": on a 390 px phone a customer types "newc" and is
 * offered Newcastle Airport and Newcastle first, each suggestion saying what it is; choosing the airport
 * fills the suburb and the street address; the trip is posted with both. The combobox works from the
 * keyboard and passes axe with the list open.
 */
import { expect, type Page, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { axeViolations, createConfirmedUser, signInQuickly } from './support.ts';

test.setTimeout(90_000);

const SHOTS = '/tmp/i12-places';

async function openBookRide(page: Page, request: Parameters<typeof createConfirmedUser>[0]) {
  const user = await createConfirmedUser(request, 'customer');
  await signInQuickly(page, user.email, user.password);
  await page.goto('/book-ride');
  await expect(page.getByRole('combobox', { name: 'Pickup suburb' })).toBeVisible();
}

test.describe('the place picker on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });

  test("'newc' offers the airport and the city first; the keyboard chooses the airport and fills the address", async ({
    page,
    request,
  }) => {
    await openBookRide(page, request);
    const pickup = page.getByRole('combobox', { name: 'Pickup suburb' });
    await pickup.fill('newc');
    const list = page.getByRole('listbox', { name: 'Pickup suburbs and places' });
    await expect(list).toBeVisible();
    const options = list.getByRole('option');
    await expect(options.nth(0)).toHaveText(/^Newcastle Airport \(NTL\)\s*Airport.*Williamtown NSW 2318$/);
    await expect(options.nth(1)).toHaveText('Newcastle NSW 2300');
    // Every suggestion says what it is: a ferry wharf, a station, a landmark...
    await expect(list.getByRole('option', { name: /Newcastle Interchange\s*Station/ })).toBeVisible();
    await expect(list.getByRole('option', { name: /Newcastle Beach\s*Landmark/ })).toBeAttached();
    // The first suggestion is the active one, announced through aria-activedescendant.
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(pickup).toHaveAttribute(
      'aria-activedescendant',
      (await options.nth(0).getAttribute('id')) ?? '',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/places-390.png` });

    // Down to the city and back up to the airport, then Enter.
    await pickup.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await pickup.press('ArrowUp');
    await pickup.press('Enter');
    await expect(list).toHaveCount(0);
    await expect(pickup).toHaveValue('Williamtown 2318');
    await expect(page.getByLabel('Pickup street address (optional)')).toHaveValue(
      'Newcastle Airport (NTL), Williamtown',
    );

    // By alias, with a tap: "Nelson Bay Marina" is d'Albora Marina.
    await page.getByRole('combobox', { name: 'Destination suburb' }).fill('Nelson Bay Marina');
    await page.getByRole('option', { name: /d'Albora Marina Nelson Bay\s*Marina/ }).click();
    await expect(page.getByRole('combobox', { name: 'Destination suburb' })).toHaveValue('Nelson Bay 2315');
    await expect(page.getByLabel('Destination street address (optional)')).toHaveValue(
      "d'Albora Marina Nelson Bay",
    );
    await expect(page.getByTestId('estimate')).toContainText(/Estimated distance about \d+\.\d km/);

    // The trip is posted with the places' suburbs and names, each suburb said once (issue 32).
    const day = utcToSydney(new Date(Date.now() + 3 * 86_400_000)).date;
    await page.getByLabel('Pickup date').fill(day);
    await page.getByLabel('Pickup time (Sydney time)').fill('10:30');
    await page.getByLabel('Budget (AUD)').fill('120');
    await page.getByRole('button', { name: 'Post my trip' }).click();
    await expect(page.getByRole('heading', { name: 'Your trip is posted' })).toBeVisible();
    await expect(page.getByText('Newcastle Airport (NTL), Williamtown NSW 2318')).toBeVisible();
    await expect(page.getByText("d'Albora Marina Nelson Bay NSW 2315")).toBeVisible();
  });

  test('an address the customer wrote is kept; the one a place filled in goes with the place', async ({
    page,
    request,
  }) => {
    await openBookRide(page, request);
    const pickup = page.getByRole('combobox', { name: 'Pickup suburb' });
    const address = page.getByLabel('Pickup street address (optional)');
    await pickup.fill('williamtown');
    // The suburb itself first, then the airport in it.
    await expect(page.getByRole('option').nth(0)).toHaveText('Williamtown NSW 2318');
    await page.getByRole('option', { name: /Newcastle Airport \(NTL\)/ }).click();
    await expect(address).toHaveValue('Newcastle Airport (NTL), Williamtown');
    // Choosing a plain suburb instead takes the airport's name away with it.
    await pickup.fill('Nelson B');
    await page.getByRole('option', { name: 'Nelson Bay NSW 2315', exact: true }).click();
    await expect(address).toHaveValue('');
    // The customer's own address stays when they then choose a named place.
    await address.fill('Gate 3, Qantas Link');
    await pickup.fill('NTL');
    await page.getByRole('option', { name: /Newcastle Airport \(NTL\)/ }).click();
    await expect(pickup).toHaveValue('Williamtown 2318');
    await expect(address).toHaveValue('Gate 3, Qantas Link');
  });

  test('the flight hint fits the direction: a drop-off at the airport going, a pickup from it coming back', async ({
    page,
    request,
  }) => {
    await openBookRide(page, request);
    await page.getByRole('combobox', { name: 'Pickup suburb' }).fill('Nelson B');
    await page.getByRole('option', { name: 'Nelson Bay NSW 2315', exact: true }).click();
    await page.getByRole('combobox', { name: 'Destination suburb' }).fill('NTL');
    await page.getByRole('option', { name: /Newcastle Airport \(NTL\)/ }).click();
    const flight = page.getByLabel('Flight number (optional)', { exact: true });
    await expect(flight).toHaveAccessibleDescription(
      'For drop-offs at Newcastle Airport: your flight number helps the driver plan for your check-in.',
    );
    await page.getByLabel('Add a return trip (destination back to pickup)').check();
    await expect(page.getByLabel('Return flight number (optional)')).toHaveAccessibleDescription(
      /^For pickups at Newcastle Airport: /,
    );
    // The summary of the return leg names the airport with its suburb once.
    await expect(
      page.getByText('Newcastle Airport (NTL), Williamtown', { exact: false }).first(),
    ).toBeVisible();
    await expect(page.getByText(/Williamtown, Williamtown/)).toHaveCount(0);
    await page.screenshot({ path: '/tmp/shots-mail/flight-hint-390.png', fullPage: true });
  });
});

test('the place picker on a wide screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openBookRide(page, request);
  await page.getByRole('combobox', { name: 'Destination suburb' }).fill('syd');
  const list = page.getByRole('listbox', { name: 'Destination suburbs and places' });
  await expect(list.getByRole('option').nth(0)).toContainText('Sydney Airport T2/T3 (Domestic)');
  await expect(list.getByRole('option').nth(1)).toContainText('Sydney Airport T1 (International)');
  await page.screenshot({ path: `${SHOTS}/places-1280.png` });
});
