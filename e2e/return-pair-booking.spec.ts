/**
 * Issue 32, items 1 and 2, on a 390 px phone: the customer compares the quotes of a return trip like with
 * like (each card says what it covers; "Lowest price" only among prices for the same thing; the headline
 * says "3 quotes to compare"), books the pair, sees ONE card on /bookings and one page with both legs
 * (each with its own status, linked), and cancels the return leg only: the outbound leg stays booked.
 * Screenshots at 390 and 1280 px go to /tmp/shots-pairs/.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { driverProfileBody, signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser } from './support.ts';

test.setTimeout(180_000);
const SHOTS = '/tmp/shots-pairs';

async function setCompany(page: Page, company: string) {
  const res = await page.request.put('/api/drivers/me', {
    data: driverProfileBody({ companyName: company }),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function quote(page: Page, rideId: string, price: number, pair: boolean) {
  const res = await page.request.post('/api/quotes', {
    data: { rideId, price, message: pair ? 'Both ways, door to door.' : 'This leg only.', pair },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.screenshot({ path: `${SHOTS}/${name}-390-top.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a return trip: quotes compared like with like, booked as one booking with two legs, one leg cancelled', async ({
  browser,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const [pairCheap, pairDear, legOnly, customerUser] = [
    await createConfirmedUser(request, 'driver', { fullName: 'Pia Pairs' }),
    await createConfirmedUser(request, 'driver', { fullName: 'Dora Dear' }),
    await createConfirmedUser(request, 'driver', { fullName: 'Olly Oneleg' }),
    await createConfirmedUser(request, 'customer', { fullName: 'Remy Return' }),
  ];
  const drivers = await Promise.all([pairCheap, pairDear, legOnly].map((d) => signedInAt(browser, d)));
  const [cheap, dear, leg] = drivers.map((d) => d.page) as [Page, Page, Page];
  await setCompany(cheap, 'Bay Pairs');
  await setCompany(dear, 'Dear Coaches');
  await setCompany(leg, 'One Leg Shuttles');
  const { ctx: customerCtx, page: customer } = await signedInAt(browser, customerUser, 390);

  // Out in 9 days at 9:30, back in 5 days later at 17:15: the return is picked up after the outbound.
  const at = (days: number) => utcToSydney(new Date(Date.now() + days * 86_400_000)).date;
  const posted = await customer.request.post('/api/rides', {
    data: {
      pickup: { locality: 'NELSON BAY', postcode: '2315', address: '7 Victoria Parade' },
      destination: { locality: 'WILLIAMTOWN', postcode: '2318', address: '' },
      date: at(9),
      time: '09:30',
      passengers: 2,
      luggageBags: 2,
      returnTrip: { date: at(14), time: '17:15' },
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { ride } = (await posted.json()) as { ride: { id: string } };

  // The dashboard lists the open legs in the order they happen: the outbound leg first.
  await customer.goto('/dashboard');
  const openLegs = customer
    .getByRole('heading', { level: 2, name: 'Open requests' })
    .locator('..')
    .getByRole('listitem');
  await expect(openLegs).toHaveCount(2);
  await expect(openLegs.first()).toContainText('Outbound leg of a return trip');

  await customer.goto(`/driver-matching/${ride.id}`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Finding drivers' })).toBeVisible();

  // The report's case: $139 for the outbound leg only, beside $310 for both legs (and $330 for both).
  await quote(leg, ride.id, 139, false);
  await quote(cheap, ride.id, 310, true);
  await quote(dear, ride.id, 330, true);
  await customer.reload();
  await expect(customer.getByRole('heading', { level: 1, name: '3 quotes to compare' })).toBeVisible();

  const card = (company: string) => customer.getByTestId('quote-card').filter({ hasText: company });
  await expect(card('One Leg Shuttles').getByTestId('quote-cover')).toHaveText('Outbound leg only');
  await expect(card('One Leg Shuttles').getByTestId('quote-cover-note')).toHaveText(
    'The return leg needs a quote of its own.',
  );
  await expect(card('Bay Pairs').getByTestId('quote-cover')).toHaveText('Both legs');
  await expect(card('Bay Pairs').getByTestId('quote-price')).toContainText('$310.00');
  // Like with like: the lowest both-legs total is marked; the one-leg price is not "Lowest price".
  await expect(card('Bay Pairs').getByTestId('quote-marks')).toHaveText('Lowest price');
  await expect(card('Dear Coaches').getByTestId('quote-marks')).toHaveCount(0);
  await expect(card('One Leg Shuttles').getByTestId('quote-marks')).toHaveCount(0);
  await expect(customer.getByRole('heading', { level: 3, name: 'Prices for both legs' })).toBeVisible();
  await expect(
    customer.getByRole('heading', { level: 3, name: 'Prices for the outbound leg only' }),
  ).toBeVisible();
  expect(await axeViolations(customer)).toEqual([]);
  await shoot(customer, 'quote-comparison-return-trip');

  // Book the pair with one accept.
  const pair = card('Bay Pairs');
  await pair.getByRole('button', { name: 'Accept this quote' }).click();
  await pair.getByLabel('I agree to this fare and book this driver.').check();
  await pair.getByRole('button', { name: 'Book at this price' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Booking details' })).toBeVisible();
  const legs = customer.getByTestId('pair-legs');
  await expect(
    customer.getByRole('heading', { name: 'Return trip: 2 legs, $310.00 for both' }),
  ).toBeVisible();
  await expect(legs.getByTestId('pair-leg-outbound')).toContainText('You are viewing this leg');
  await expect(legs.getByTestId('pair-leg-outbound')).toContainText('confirmed');
  await expect(legs.getByTestId('pair-leg-return')).toContainText('Williamtown → Nelson Bay');
  await expect(legs.getByTestId('pair-leg-return')).toContainText('confirmed');
  expect(await axeViolations(customer)).toEqual([]);
  await shoot(customer, 'return-booking-outbound');

  // One confirmation e-mail for both legs (looked at in 390 and 1280 px screenshots).
  let mail: { subject: string; html: string } | undefined;
  await expect
    .poll(
      async () => {
        const res = await customer.request.get(
          `/api/dev/mailbox?to=${encodeURIComponent(customerUser.email)}`,
        );
        const { messages } = (await res.json()) as {
          messages: { subject: string; html: string; meta: { notificationType?: string } }[];
        };
        const confirmed = messages.filter((m) => m.meta.notificationType === 'booking_confirmed');
        mail = confirmed[0];
        return confirmed.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  expect(mail!.subject).toMatch(/^Return trip booked: .+ and back .+ with Bay Pairs$/);
  const mailPage = await customerCtx.newPage();
  await mailPage.setContent(mail!.html);
  await expect(mailPage.getByText('Both legs', { exact: true })).toBeVisible();
  await shoot(mailPage, 'return-booking-email');
  await mailPage.close();

  // One card on /bookings for both legs.
  await customer.goto('/bookings');
  const cards = customer.getByTestId('booking-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Return trip: 2 legs');
  await expect(cards.first()).toContainText('$310.00');
  await expect(cards.first().getByTestId('pair-leg-outbound')).toBeVisible();
  await expect(cards.first().getByTestId('pair-leg-return')).toBeVisible();
  expect(await axeViolations(customer)).toEqual([]);
  await shoot(customer, 'bookings-return-trip');

  // The dashboard too: one card for the pair; and the driver sees the pair as one booking with two legs.
  await customer.goto('/dashboard');
  await expect(customer.getByTestId('booking-card')).toHaveCount(1);
  await expect(customer.getByTestId('booking-card')).toContainText('Return trip: 2 legs');
  await cheap.goto('/bookings');
  const driverCards = cheap.getByTestId('booking-card');
  await expect(driverCards).toHaveCount(1);
  await expect(driverCards.first()).toContainText('Customer: Remy Return');
  await expect(driverCards.first().getByTestId('pair-leg-return')).toContainText('confirmed');
  await cheap.screenshot({ path: `${SHOTS}/driver-bookings-return-trip-1280.png`, fullPage: true });

  // Open the return leg from the card and cancel it alone.
  await customer.goto('/bookings');
  await cards.first().getByRole('link', { name: 'Return leg', exact: true }).click();
  await expect(customer.getByTestId('booking-status')).toContainText('Return leg:');
  await customer.getByRole('button', { name: 'Cancel the return leg' }).click();
  const dialog = customer.getByRole('dialog');
  await expect(dialog.getByTestId('cancel-leg-only')).toContainText('The outbound leg on');
  await expect(dialog.getByTestId('cancel-leg-only')).toContainText('stays booked');
  expect(await axeViolations(customer)).toEqual([]);
  await dialog.getByLabel('Reason for cancelling').fill('Staying a few more days');
  await dialog.getByRole('button', { name: 'Yes, cancel the return leg' }).click();
  await expect(customer.getByTestId('booking-status')).toContainText('Cancelled by you');
  await expect(customer.getByTestId('pair-leg-return')).toContainText('cancelled');
  await expect(customer.getByTestId('pair-leg-outbound')).toContainText('confirmed');
  await shoot(customer, 'return-booking-return-cancelled');

  // Still one card: the outbound leg booked, the return leg cancelled beside it.
  await customer.goto('/bookings');
  await expect(customer.getByTestId('booking-card')).toHaveCount(1);
  await expect(customer.getByTestId('pair-leg-outbound')).toContainText('confirmed');
  await expect(customer.getByTestId('pair-leg-return')).toContainText('Cancelled by you');

  for (const d of drivers) await d.ctx.close();
  await customerCtx.close();
});
