/**
 * Issue 32 items 5 and 9a, in two phones (390 px). A driver asks about the return leg from the return-trip
 * card of /available-rides (its own Ask button); the customer asks that driver about their quote from the
 * quote card (a phone number typed is hidden), seen only by the two of them; the driver answers on the
 * trip's card and the customer sees the answer live; the customer answers the driver's question and, after
 * a reload, the driver's card no longer counts it as not answered. axe finds nothing with the forms open.
 * Screenshots at 390 and 1280 px go to /tmp/shots-ask/.
 */
import { mkdirSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { CONTACT_MASK } from '../src/shared/marketplace/mask-contacts.ts';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { axeViolations, createConfirmedUser, fixtureAddress, signInQuickly } from './support.ts';

test.setTimeout(150_000);

const SHOTS = '/tmp/shots-ask';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

const mobile = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };

async function phoneOf(ctx: BrowserContext, who: { email: string; password: string }) {
  const page = await ctx.newPage();
  await signInQuickly(page, who.email, who.password);
  return page;
}

test('customer and driver ask each other before booking, on a return trip', async ({ browser, request }) => {
  const firstName = `Rhea${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const driverUser = await createConfirmedUser(request, 'driver', {
    fullName: 'Dana Shuttle',
    plate: 'CQ12AB',
  });
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: `${firstName} Rider` });
  const driverCtx = await browser.newContext(mobile);
  const customerCtx = await browser.newContext(mobile);
  const driver = await phoneOf(driverCtx, driverUser);
  const customer = await phoneOf(customerCtx, customerUser);

  // A return trip soon, so it heads the drivers' list; the driver quotes one price for both legs.
  const out = utcToSydney(new Date(Date.now() + 3 * 3_600_000 + 20 * 60_000));
  const back = utcToSydney(new Date(Date.now() + 3 * 24 * 3_600_000));
  const posted = await customer.request.post('/api/rides', {
    headers: fixtureAddress(),
    data: {
      pickup: { locality: 'Nelson Bay', postcode: '2315', address: '12 Magnus Street' },
      destination: { locality: 'Williamtown', postcode: '2318', address: 'Newcastle Airport' },
      date: out.date,
      time: out.time,
      passengers: 2,
      luggageBags: 2,
      budget: 150,
      returnTrip: { date: back.date, time: '17:15' },
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { ride, returnRide } = (await posted.json()) as { ride: { id: string }; returnRide: { id: string } };
  const quoted = await driver.request.post('/api/quotes', {
    data: { rideId: ride.id, price: 150, message: 'Both ways, door to door.', pair: true },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);

  // The driver asks about the return leg from the return-trip card: it has Ask, one per leg.
  await driver.goto('/available-rides');
  const card = driver.getByTestId('available-pair').filter({ hasText: `Customer: ${firstName}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Ask about the outbound leg' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Ask about the return leg' })).toBeVisible();
  // Its words change with the count: the same button throughout.
  const backToggle = card.getByRole('button', { name: /^(Ask about|Questions on) the return leg/ });
  await backToggle.click();
  await expect(backToggle).toHaveAttribute('aria-expanded', 'true');
  await card.getByLabel('Ask the customer a question').fill('Which terminal do you land at on the way back?');
  await card.getByRole('button', { name: 'Send question' }).click();
  await expect(card.getByTestId('ride-question')).toContainText('Which terminal do you land at');
  await expect(
    card.getByRole('button', { name: /^Questions on the return leg \(1\)\s*, 1 not answered yet$/ }),
  ).toBeVisible();
  await backToggle.click();

  // The customer asks the driver about their quote from the quote card.
  await customer.goto(`/driver-matching/${ride.id}`);
  const quote = customer.getByTestId('quote-card').filter({ hasText: 'Bay Shuttles' });
  const askToggle = quote.getByRole('button', { name: 'Ask this driver' });
  await askToggle.click();
  await expect(askToggle).toHaveAttribute('aria-expanded', 'true');
  const box = quote.getByLabel('Your question to Bay Shuttles');
  await quote.getByRole('button', { name: 'Send question' }).click();
  await expect(quote.getByText('Type your question.')).toBeVisible();
  await expect(box).toBeFocused();
  await box.fill('Is a booster seat included? Call me on 0412 345 678.');
  await expect(quote.getByTestId('will-mask')).toBeVisible();
  expect(await axeViolations(customer)).toEqual([]);
  await quote.scrollIntoViewIfNeeded();
  await shoot(customer, 'customer-ask-driver');
  await quote.getByRole('button', { name: 'Send question' }).click();
  await expect(quote.getByRole('status')).toContainText('Your question was sent to Bay Shuttles');
  const section = customer.getByRole('region', { name: 'Questions and answers' });
  const mine = section.getByTestId('ride-question').filter({ hasText: 'booster seat' });
  await expect(mine).toContainText(`Is a booster seat included? Call me on ${CONTACT_MASK}.`);
  await expect(mine).toContainText('You asked Bay Shuttles');
  await expect(mine).toContainText('Only you and Bay Shuttles see this.');
  await expect(mine).toContainText('Not answered yet.');

  // The driver's card counts it as waiting for them; they answer it there.
  await driver.reload();
  const outToggle = card.getByRole('button', {
    name: /^Questions on the outbound leg \(1\)\s*, 1 not answered yet$/,
  });
  await outToggle.click();
  const toMe = card.getByTestId('ride-question').filter({ hasText: 'booster seat' });
  await expect(toMe).toContainText('The customer asked you');
  await expect(toMe).not.toContainText('0412');
  const reply = toMe.getByLabel('Your answer to the customer');
  await reply.fill('Yes, a booster is in the van for the whole trip.');
  expect(await axeViolations(driver)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await shoot(driver, 'driver-answers-customer');
  await toMe.getByRole('button', { name: 'Send answer' }).click();
  await expect(toMe.getByTestId('ride-answer')).toContainText('You answered');

  // The customer sees the answer live, announced.
  const answered = mine.getByTestId('ride-answer');
  await expect(answered).toContainText('a booster is in the van', { timeout: 15_000 });
  await expect(answered).toContainText('Bay Shuttles answered');
  await expect(section.getByRole('status').first()).toContainText('Your question was answered');

  // The customer answers the driver's question on the return leg's page.
  await customer.goto(`/driver-matching/${returnRide.id}`);
  const incoming = customer
    .getByRole('region', { name: 'Questions and answers' })
    .getByTestId('ride-question')
    .filter({ hasText: 'Which terminal' });
  await incoming.getByLabel('Your answer to Bay Shuttles').fill('Terminal 1, the only one.');
  await incoming.getByRole('button', { name: 'Send answer' }).click();
  await expect(incoming.getByTestId('ride-answer')).toContainText('You answered');

  // Item 9a: after a reload the driver's card no longer says a question is waiting, on either leg.
  await driver.reload();
  await expect(card.getByRole('button', { name: /^Questions on the return leg \(1\)$/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Questions on the outbound leg \(1\)$/ })).toBeVisible();
  await expect(card).not.toContainText('not answered yet');
  await card.scrollIntoViewIfNeeded();
  await shoot(driver, 'driver-pair-card-answered');

  await driverCtx.close();
  await customerCtx.close();
});
