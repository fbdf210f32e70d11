/**
 * Issue 32 item 6, on a 390 px phone: the customer cancels a return-trip request from its page through a
 * confirmation dialog that says what will happen (3 live quotes withdrawn and their drivers told, the return
 * leg cancelled too); axe finds nothing with the dialog open; Escape keeps the request; after confirming,
 * both legs are cancelled and a driver who quoted reads "The customer cancelled this request".
 * Screenshots at 390 and 1280 px go to /tmp/shots-ask/.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, fixtureAddress } from './support.ts';

test.setTimeout(150_000);

const SHOTS = '/tmp/shots-ask';

async function shootDialog(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a customer cancels a return trip request through the dialog; the drivers are told', async ({
  browser,
  request,
}) => {
  const customerUser = await createConfirmedUser(request, 'customer', { fullName: 'Cleo Canceller' });
  const drivers = await Promise.all(
    ['Pair', 'Out', 'Back'].map((n, i) =>
      createConfirmedUser(request, 'driver', { fullName: `${n} Driver`, plate: `CX${i}0AB` }),
    ),
  );
  const { ctx, page } = await signedInAt(browser, customerUser, 390);
  const out = utcToSydney(new Date(Date.now() + 5 * 24 * 3_600_000));
  const back = utcToSydney(new Date(Date.now() + 8 * 24 * 3_600_000));
  const posted = await page.request.post('/api/rides', {
    headers: fixtureAddress(),
    data: {
      pickup: { locality: 'Nelson Bay', postcode: '2315', address: '12 Magnus Street' },
      destination: { locality: 'Williamtown', postcode: '2318', address: 'Newcastle Airport' },
      date: out.date,
      time: '09:00',
      passengers: 2,
      luggageBags: 2,
      budget: 150,
      returnTrip: { date: back.date, time: '17:15' },
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { ride, returnRide } = (await posted.json()) as { ride: { id: string }; returnRide: { id: string } };

  // Three offers: one price for both legs, and one quote for each leg.
  const quotes: [number, string, boolean][] = [
    [0, ride.id, true],
    [1, ride.id, false],
    [2, returnRide.id, false],
  ];
  for (const [i, rideId, pair] of quotes) {
    const d = await signedInAt(browser, drivers[i]!);
    const res = await d.page.request.post('/api/quotes', {
      data: { rideId, price: pair ? 150 : 80, message: 'Door to door.', ...(pair ? { pair: true } : {}) },
    });
    expect(res.status(), await res.text()).toBe(201);
    await d.ctx.close();
  }

  await page.goto(`/driver-matching/${ride.id}`);
  const trigger = page.getByRole('button', { name: 'Cancel this request' });
  await expect(trigger).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change this request' })).toBeVisible();

  // Escape closes without doing anything, and focus goes back to the button.
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this return trip request?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('cancel-request-quotes')).toHaveText(
    '3 live quotes will be withdrawn and their drivers told.',
  );
  await expect(dialog.getByTestId('cancel-request-other-leg')).toContainText('The return leg (');
  await expect(dialog.getByTestId('cancel-request-other-leg')).toContainText('will be cancelled too.');
  await expect(dialog.getByRole('radio', { name: 'Both legs' })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await shootDialog(page, 'cancel-request-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();

  // Only the outbound leg: the pair price still goes, the return leg stays open.
  await trigger.click();
  await dialog.getByRole('radio', { name: 'Only the outbound leg' }).check();
  await expect(dialog.getByTestId('cancel-request-quotes')).toHaveText(
    '2 live quotes will be withdrawn and their drivers told. One of them is a price for both legs, so it goes on the return leg too.',
  );
  await expect(dialog.getByTestId('cancel-request-other-leg')).toContainText('stays open for quotes.');
  await dialog.getByRole('radio', { name: 'Both legs' }).check();

  // A reason is needed: the error is under the field and focus goes to it.
  await dialog.getByRole('button', { name: 'Yes, cancel both legs' }).click();
  const reason = dialog.getByLabel('Reason for cancelling');
  await expect(reason).toBeFocused();
  await expect(dialog.getByText('Please tell the other side why you are cancelling')).toBeVisible();
  await reason.fill('Our flight was cancelled.');
  await dialog.getByRole('button', { name: 'Yes, cancel both legs' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('toast')).toContainText('Both legs cancelled');
  await expect(page.getByTestId('toast')).toContainText('The drivers who quoted have been told.');

  for (const id of [ride.id, returnRide.id]) {
    const res = await page.request.get(`/api/rides/${id}`);
    expect(((await res.json()) as { ride: { status: string } }).ride.status).toBe('cancelled');
  }
  // Each driver who quoted is told in words that say what happened.
  for (const who of drivers) {
    const d = await signedInAt(browser, who);
    const res = await d.page.request.get('/api/notifications');
    const { items } = (await res.json()) as { items: { title: string; type: string }[] };
    expect(items.filter((n) => n.type === 'quote_declined').map((n) => n.title)).toEqual([
      'The customer cancelled this request',
    ]);
    await d.ctx.close();
  }
  await ctx.close();
});
