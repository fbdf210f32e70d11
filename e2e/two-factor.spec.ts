/**
 * Two-factor sign-in (issue 14): a new administrator is sent to set it up before any admin page, scans (here:
 * reads) the key, confirms a code, keeps the backup codes, and from then on signs in with password and code.
 */
import { expect, test } from '@playwright/test';
import { freshTotp } from '../tests/support/totp.ts';
import { adminRequest, axeViolations, createConfirmedUser, fixtureAddress } from './support.ts';

test.use({ bypassCSP: true });

test('a new administrator sets up two-factor sign-in, then signs in with a code', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const person = await createConfirmedUser(request, 'customer', { fullName: 'Nora Newadmin' });
  const admin = await adminRequest(baseURL!);
  const promoted = await admin.post(`/api/admin/users/${person.userId}/role`, {
    data: { role: 'admin', reason: 'Joins the support team' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  await admin.dispose();

  // Signing in with the password alone: every page sends them to set up the second factor.
  await page.setExtraHTTPHeaders(fixtureAddress());
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/settings');
  await expect(page.getByRole('alert').filter({ hasText: 'Administrators must turn on' })).toContainText(
    'Administrators must turn on two-factor sign-in before using the admin pages.',
  );
  await page.goto('/users');
  await page.waitForURL('**/settings');

  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByLabel('Current password').fill('not-the-password');
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(card.getByText('That password is not right.')).toBeVisible();
  await card.getByLabel('Current password').fill(person.password);
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await card.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await axeViolations(page)).toEqual([]);

  await card.getByLabel('6-digit code from the app').fill('123');
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(
    card.getByText('The code is the 6 digits your authenticator app shows for this account.'),
  ).toBeVisible();
  await card.getByLabel('6-digit code from the app').fill(await freshTotp(secret));
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().textContent()) ?? '';
  expect(backupCode).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
  expect(await axeViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'I have saved my backup codes' }).click();
  await expect(card).toContainText('Two-factor sign-in is on.');
  await expect(card).toContainText('You have 10 unused backup codes.');
  await expect(card.getByRole('button', { name: 'Turn off two-factor sign-in' })).toHaveCount(0);

  // The admin pages open now.
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Users');

  // Next time: the password, then the code.
  await page.request.post('/api/account/sign-out', { data: {} });
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-factor sign-in');
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(
    page.getByText('That code is not right. Check your authenticator app and try again.'),
  ).toBeVisible();
  await expect(codeField).toBeFocused();

  // A backup code works too, once.
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCode);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toContainText(
    'You have 9 unused backup codes.',
  );

  await page.request.post('/api/account/sign-out', { data: {} });
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Admin');
});
