/**
 * Questions before booking, in two phones (390 px): a driver asks about an open trip on /available-rides
 * (typing a phone number, which is hidden), the question appears live on the customer's /driver-matching
 * page and is announced, the customer answers, and the answer appears live on the driver's card.
 * axe-core finds nothing on either page with its form open. Screenshots at 390 and 1280 px go to
 * /tmp/i12-questions/.
 */
import { mkdirSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { CONTACT_MASK } from '../src/shared/marketplace/mask-contacts.ts';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { axeViolations, createConfirmedUser, fixtureAddress, signInQuickly } from './support.ts';

test.setTimeout(120_000);

const SHOTS = '/tmp/i12-questions';

async function phone(context: BrowserContext): Promise<Page> {
  return context.newPage();
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a driver asks before booking, the customer answers, both see it live', async ({ browser, request }) => {
  const firstName = `Quinn${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const driverUser = await createConfirmedUser(request, 'driver', { fullName: 'Dana Shuttle' });
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: `${firstName} Rider` });
  const mobile = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };
  const driverCtx = await browser.newContext(mobile);
  const customerCtx = await browser.newContext(mobile);
  const driver = await phone(driverCtx);
  const customer = await phone(customerCtx);
  await signInQuickly(driver, driverUser.email, driverUser.password);
  await signInQuickly(customer, customerUser.email, customerUser.password);

  // The customer's trip: soon, so it heads the drivers' list (the trip form has its own journey).
  const pickup = utcToSydney(new Date(Date.now() + 3 * 3_600_000 + 10 * 60_000));
  const posted = await customer.request.post('/api/rides', {
    headers: fixtureAddress(),
    data: {
      pickup: { locality: 'Nelson Bay', postcode: '2315', address: '12 Magnus Street' },
      destination: { locality: 'Williamtown', postcode: '2318', address: 'Newcastle Airport' },
      date: pickup.date,
      time: pickup.time,
      passengers: 2,
      luggageBags: 2,
      largeItems: [],
      budget: 90,
      notes: '',
      flightNumber: 'QF1504',
    },
  });
  expect(posted.status()).toBe(201);
  const rideId = ((await posted.json()) as { ride: { id: string } }).ride.id;

  await customer.goto(`/driver-matching/${rideId}`);
  const customerQuestions = customer.getByRole('region', { name: 'Questions and answers' });
  await expect(customerQuestions).toContainText('No questions yet');
  await expect(customerQuestions).toContainText('Contact details are shared once you book');

  // The driver opens the trip's questions on its card and asks, typing a phone number.
  await driver.goto('/available-rides');
  const card = driver.getByTestId('available-ride').filter({ hasText: `Customer: ${firstName}` });
  await expect(card).toBeVisible();
  const toggle = card.getByRole('button', { name: /^Ask a question/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const question = card.getByLabel('Ask the customer a question');
  await expect(question).toBeVisible();

  // Sending nothing: the error is next to the field, and focus goes to it.
  await card.getByRole('button', { name: 'Send question' }).click();
  await expect(card.getByText('Type your question.')).toBeVisible();
  await expect(question).toBeFocused();
  await expect(question).toHaveAttribute('aria-invalid', 'true');

  await question.fill('Do you need a child seat? Call me on 0498 765 432 if easier.');
  await expect(card.getByText('Type your question.')).toHaveCount(0);
  await expect(card.getByTestId('will-mask')).toBeVisible();
  expect(await axeViolations(driver)).toEqual([]);
  await shoot(driver, 'driver-ask-form');
  await card.getByRole('button', { name: 'Send question' }).click();
  const asked = card.getByTestId('ride-question');
  await expect(asked).toContainText(`Do you need a child seat? Call me on ${CONTACT_MASK} if easier.`);
  await expect(asked).toContainText('You asked');
  await expect(asked).toContainText('Not answered yet.');
  await expect(card).not.toContainText('0498');
  await expect(question).toHaveValue('');
  await expect(card.getByRole('button', { name: /^Questions \(1\)/ })).toBeVisible();

  // The customer's open page shows it without a reload, and says so to screen readers.
  const incoming = customerQuestions.getByTestId('ride-question');
  await expect(incoming).toContainText('Do you need a child seat?', { timeout: 15_000 });
  await expect(incoming).toContainText('Bay Shuttles asked');
  await expect(incoming).not.toContainText('0498');
  await expect(customerQuestions.getByRole('status')).toContainText('New question from Bay Shuttles');
  const answerBox = incoming.getByLabel('Your answer to Bay Shuttles');
  await expect(answerBox).toBeVisible();
  expect(await axeViolations(customer)).toEqual([]);
  await shoot(customer, 'customer-answer-form');
  await answerBox.fill('Yes please, one booster seat for a 5 year old. My email is quinn@example.com');
  await incoming.getByRole('button', { name: 'Send answer' }).click();
  const answer = incoming.getByTestId('ride-answer');
  await expect(answer).toContainText(
    `Yes please, one booster seat for a 5 year old. My email is ${CONTACT_MASK}`,
  );
  await expect(answer).toContainText('You answered');
  await expect(incoming.getByLabel('Your answer to Bay Shuttles')).toHaveCount(0);

  // The driver's card shows the answer live, announced as an answer to their question.
  const answered = card.getByTestId('ride-answer');
  await expect(answered).toContainText('one booster seat for a 5 year old', { timeout: 15_000 });
  await expect(answered).toContainText('The customer answered');
  await expect(answered).not.toContainText('quinn@example.com');
  await expect(card.getByRole('status')).toContainText('Your question was answered');
  expect(await axeViolations(driver)).toEqual([]);

  await shoot(customer, 'customer-driver-matching');
  await card.scrollIntoViewIfNeeded();
  await shoot(driver, 'driver-available-rides');
  await card.screenshot({ path: `${SHOTS}/driver-card-390.png` });

  await driverCtx.close();
  await customerCtx.close();
});
