/**
 * Safe retries in the browser (ADR 012): the trip form sends one Idempotency-Key per submit, so a double
 * click, and a retry after the answer to the first click was lost, post one trip.
 */
import { expect, type Page, test } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { createConfirmedUser, signInQuickly } from './support.ts';

async function choosePlace(page: Page, label: string, query: string, option: RegExp) {
  await page.getByRole('combobox', { name: `${label} suburb` }).fill(query);
  await page.getByRole('option', { name: option }).first().click();
}

test('a double click and a retry after a lost answer post one trip', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'customer', { fullName: 'Rita Retry' });
  await signInQuickly(page, user.email, user.password);

  await page.goto('/book-ride');
  await choosePlace(page, 'Pickup', 'Nelson B', /Nelson Bay NSW 2315/);
  await choosePlace(page, 'Destination', 'Williamt', /Williamtown NSW 2318/);
  await page.getByLabel('Pickup date').fill(utcToSydney(new Date(Date.now() + 4 * 86_400_000)).date);
  await page.getByLabel('Pickup time (Sydney time)').fill('10:30');
  await page.getByLabel('Passengers').fill('2');
  await page.getByLabel('Budget (AUD)').fill('90');

  // The first POST reaches the server (which creates the trip), but its answer never reaches the page.
  const keys: (string | undefined)[] = [];
  let loseNextAnswer = true;
  await page.route('**/api/rides', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key']);
    if (loseNextAnswer) {
      loseNextAnswer = false;
      const response = await route.fetch();
      expect(response.status()).toBe(201);
      return route.abort('connectionreset');
    }
    return route.continue();
  });

  const submit = page.getByRole('button', { name: 'Post my trip' });
  await submit.dblclick();
  // The form reports the failure and keeps what was typed; the customer tries again.
  await expect(page.getByRole('alert').filter({ hasText: /fetch|network|connection/i })).toBeVisible();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Your trip is posted' })).toBeVisible();

  // Every POST carried the same key, and the server holds one trip.
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(keys[0]).toBeTruthy();
  expect(new Set(keys).size).toBe(1);
  const mine = await page.request.get('/api/rides');
  expect(mine.status()).toBe(200);
  const { items } = (await mine.json()) as { items: { id: string }[] };
  expect(items).toHaveLength(1);
});
