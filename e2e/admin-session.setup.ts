/**
 * Runs before the journeys (playwright.config.ts, project "admin-session"): the e2e administrator, made at
 * start-up with a password only, turns on two-factor sign-in through the API as /settings does, and the
 * signed-in state is saved for the journeys (support.ts, signInAsAdmin). An administrator's own set-up and
 * code sign-in through the pages is a journey of its own (two-factor.spec.ts).
 */
import { expect, test as setup } from '@playwright/test';
import { freshTotp } from '../tests/support/totp.ts';
import { E2E_ADMIN, E2E_ADMIN_STATE, fixtureAddress } from './support.ts';

setup('the e2e administrator signs in with two-factor sign-in on', async ({ request }) => {
  const signIn = await request.post('/api/account/sign-in', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: fixtureAddress(),
  });
  expect(signIn.status()).toBe(200);
  // Refused until the second factor is on.
  expect((await request.get('/api/admin/users')).status()).toBe(403);
  const setup = await request.post('/api/me/two-factor/enable', { data: { password: E2E_ADMIN.password } });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await request.post('/api/me/two-factor/confirm', {
    data: { code: await freshTotp(secret) },
  });
  expect(confirm.status()).toBe(200);
  expect((await request.get('/api/admin/users')).status()).toBe(200);
  await request.storageState({ path: E2E_ADMIN_STATE });
});
