/**
 * Issue 12, a quote comparison that helps decide (/driver-matching/{id}, on a 390 px phone): quotes sorted
 * by price or by rating with an accessible control, "Lowest price" and "Best rated" marks only when there
 * is a real choice (ties marked alike, none with one quote), the track record counted in words ("1 rating",
 * "New"), trust details readable (at least 14 px, WCAG AA contrast), and one polite live region, mounted
 * from the start, saying one short sentence per new quote.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { driverProfileBody, postTripViaApi, quoteViaApi, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser } from './support.ts';

test.setTimeout(180_000);
const SHOTS = '/tmp/i12-states';

const signedIn = signedInAt;
const postTrip = (page: Page) => postTripViaApi(page);
const quote = quoteViaApi;

async function setCompany(page: Page, company: string) {
  const res = await page.request.put('/api/drivers/me', {
    data: driverProfileBody({ companyName: company }),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** One completed trip for `driver`, rated `stars` by its customer (and the customer rated back: visible). */
async function completedTripRated(driver: Page, rater: Page, stars: number) {
  const rideId = await postTrip(rater);
  const quoteId = await quote(driver, rideId, 100);
  const accepted = await rater.request.post(`/api/quotes/${quoteId}/accept`, { data: { acceptFare: true } });
  expect(accepted.status()).toBe(201);
  const bookingId = ((await accepted.json()) as { booking: { id: string } }).booking.id;
  expect((await driver.request.post(`/api/dev/rides/${rideId}/pickup-passed`)).ok()).toBe(true);
  expect((await driver.request.post(`/api/bookings/${bookingId}/complete`)).status()).toBe(200);
  expect((await rater.request.post('/api/ratings', { data: { bookingId, stars } })).status()).toBe(201);
  expect((await driver.request.post('/api/ratings', { data: { bookingId, stars: 5 } })).status()).toBe(201);
}

const companies = (page: Page) =>
  page.getByTestId('quote-card').getByRole('heading', { level: 3 }).allTextContents();
const cardOf = (page: Page, company: string) => page.getByTestId('quote-card').filter({ hasText: company });

/** Font size in px and contrast ratio of an element's text against the white card (or its own background). */
async function legibility(locator: Locator) {
  return locator.evaluate((el) => {
    const toRgb = (color: string) => {
      const c = document.createElement('canvas').getContext('2d')!;
      c.fillStyle = color;
      c.fillRect(0, 0, 1, 1);
      return [...c.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    let bg = 'rgb(255, 255, 255)';
    for (let node: Element | null = el; node; node = node.parentElement) {
      const b = getComputedStyle(node).backgroundColor;
      if (b !== 'rgba(0, 0, 0, 0)' && b !== 'transparent') {
        bg = b;
        break;
      }
    }
    const style = getComputedStyle(el);
    const [l1, l2] = [lum(toRgb(style.color)), lum(toRgb(bg))].sort((a, b) => b - a);
    return { px: Number.parseFloat(style.fontSize), contrast: (l1! + 0.05) / (l2! + 0.05) };
  });
}

test('quotes compared: live announcements, sort, marks, readable trust details', async ({
  browser,
  request,
}) => {
  const [rated5, rated4, fresh, rater, customerUser] = [
    await createConfirmedUser(request, 'driver', { fullName: 'Gina Gan' }),
    await createConfirmedUser(request, 'driver', { fullName: 'Bill Birubi' }),
    await createConfirmedUser(request, 'driver', { fullName: 'Sam Stockton' }),
    await createConfirmedUser(request, 'customer', { fullName: 'Rita Rater' }),
    await createConfirmedUser(request, 'customer', { fullName: 'Casey Rider' }),
  ];
  const [a, b, c, r] = await Promise.all([
    signedIn(browser, rated5),
    signedIn(browser, rated4),
    signedIn(browser, fresh),
    signedIn(browser, rater),
  ]);
  await setCompany(a.page, 'Gan Gan Shuttles');
  await setCompany(b.page, 'Birubi Coaches');
  await setCompany(c.page, 'Stockton Shuttles');
  await completedTripRated(a.page, r.page, 5);
  await completedTripRated(b.page, r.page, 4);

  const customer = await signedIn(browser, customerUser, 390);
  const page = customer.page;
  const rideId = await postTrip(page);
  await page.goto(`/driver-matching/${rideId}`);
  await expect(page.getByText('No quotes yet')).toBeVisible();
  await page.getByRole('button', { name: 'Essential Only' }).click();
  // The live region is there before any quote, and silent.
  const announcer = page.getByTestId('quote-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toHaveText('');

  // The first quote: announced in one short sentence; alone, it gets no marks and no sort control.
  await quote(c.page, rideId, 120);
  await expect(cardOf(page, 'Stockton Shuttles')).toBeVisible({ timeout: 15_000 });
  await expect(announcer).toHaveText('New quote from Stockton Shuttles: $120.00.');
  await expect(page.getByTestId('quote-marks')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Price, lowest first' })).toHaveCount(0);
  await expect(cardOf(page, 'Stockton Shuttles').getByTestId('track-record')).toHaveText('New');

  await quote(a.page, rideId, 139);
  await expect(announcer).toHaveText('New quote from Gan Gan Shuttles: $139.00.', { timeout: 15_000 });
  await quote(b.page, rideId, 120);
  await expect(announcer).toHaveText('New quote from Birubi Coaches: $120.00.', { timeout: 15_000 });
  await expect(page.getByTestId('quote-card')).toHaveCount(3);

  // Counted in words, never "1 ratings" or "0 completed trips".
  await expect(cardOf(page, 'Gan Gan Shuttles').getByTestId('track-record')).toHaveText(
    '★ 5.0 · 1 rating · 1 completed trip',
  );
  await expect(cardOf(page, 'Birubi Coaches').getByTestId('track-record')).toHaveText(
    '★ 4.0 · 1 rating · 1 completed trip',
  );
  await expect(page.locator('body')).not.toContainText(/\b1 ratings\b|\b0 ratings\b|0 completed trips/);

  // Sorted by price by default (ties: the better rated first); the two cheapest share the mark.
  const sortByPrice = page.getByRole('radio', { name: 'Price, lowest first' });
  await expect(sortByPrice).toBeChecked();
  expect(await companies(page)).toEqual(['Birubi Coaches', 'Stockton Shuttles', 'Gan Gan Shuttles']);
  await expect(cardOf(page, 'Birubi Coaches').getByTestId('quote-marks')).toHaveText('Lowest price');
  await expect(cardOf(page, 'Stockton Shuttles').getByTestId('quote-marks')).toHaveText('Lowest price');
  await expect(cardOf(page, 'Gan Gan Shuttles').getByTestId('quote-marks')).toHaveText('Best rated');
  await page.screenshot({ path: `${SHOTS}/quotes-390.png`, fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // Sorted by rating: best first, the driver nobody has rated yet last. The radio works by keyboard.
  await sortByPrice.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Rating, best first' })).toBeChecked();
  expect(await companies(page)).toEqual(['Gan Gan Shuttles', 'Birubi Coaches', 'Stockton Shuttles']);

  // Trust details: at least 14 px, and at least 4.5:1 against their background.
  const gan = cardOf(page, 'Gan Gan Shuttles');
  await expect(gan.getByTestId('trust-details')).toContainText('Verified');
  await expect(gan.getByTestId('trust-details')).toContainText(
    '2022 Toyota HiAce, white · 10 seats · 12 bags',
  );
  for (const el of [
    gan.getByTestId('track-record'),
    gan.getByTestId('trust-details').locator('li').first(),
    gan.getByTestId('trust-details').locator('li').last(),
    gan.getByTestId('quote-marks').locator('span').first(),
    gan.getByTestId('quote-state'),
  ]) {
    const { px, contrast } = await legibility(el);
    expect(px).toBeGreaterThanOrEqual(14);
    expect(contrast).toBeGreaterThanOrEqual(4.5);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/quotes-1280.png`, fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  for (const ctx of [a, b, c, r, customer]) await ctx.ctx.close();
});
