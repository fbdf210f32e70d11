/**
 * Issue 14: an administrator finds an account by e-mail, suspends it (the person's open browser is signed
 * out within seconds, and they cannot sign in again), reinstates it, and reads it all in the audit log.
 */
import { expect, test } from '@playwright/test';
import { axeViolations, createConfirmedUser, E2E_ADMIN, signInAsAdmin, signInQuickly } from './support.ts';

test.describe.configure({ timeout: 120_000 });

test('an admin finds a user, suspends them (their browser is signed out), reinstates them, and sees the audit log', async ({
  browser,
  baseURL,
  request,
}) => {
  const person = await createConfirmedUser(request, 'customer', { fullName: 'Sunny Suspended' });
  const personCtx = await browser.newContext({ baseURL, bypassCSP: true });
  const personPage = await personCtx.newPage();
  await signInQuickly(personPage, person.email, person.password);
  await personPage.goto('/dashboard');
  await expect(personPage.locator('h1')).toBeVisible();

  const adminCtx = await browser.newContext({
    baseURL,
    bypassCSP: true,
    viewport: { width: 1280, height: 900 },
  });
  const admin = await adminCtx.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/users');
  await admin.getByLabel('Search').fill(person.email);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin).toHaveURL(/q=/);
  const row = admin.getByRole('row', { name: new RegExp(person.email) });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'Sunny Suspended' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Sunny Suspended' })).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);

  // Suspending asks for a reason; a short one is refused in the dialog.
  await admin.getByRole('button', { name: 'Suspend account' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill('no');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog.getByText('Please give a reason of at least 5 characters')).toBeVisible();
  await dialog.getByLabel(/Reason/).fill('Repeated no-shows reported by drivers');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByTestId('account-status')).toContainText('Suspended');
  await expect(admin.getByTestId('account-status')).toContainText('Repeated no-shows reported by drivers');

  // The person's open tab hears it on its live stream and lands on the sign-in page, signed out.
  await expect(personPage).toHaveURL(/\/login/, { timeout: 15_000 });
  await expect(personPage.getByRole('alert')).toContainText('You have been signed out of this account.');
  await personPage.getByLabel('Email').fill(person.email);
  await personPage.getByLabel('Password').fill(person.password);
  await personPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(personPage.getByRole('alert')).toContainText('This account is suspended.');

  // Reinstated: they sign in again.
  await admin.getByRole('button', { name: 'Reinstate account' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Reinstate', exact: true }).click();
  await expect(admin.getByTestId('account-status')).toContainText('Active');
  await personPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(personPage).toHaveURL(/\/dashboard/);

  // Everything is in the audit log, newest first.
  await admin.goto(`/admin/audit?target=${encodeURIComponent(person.email)}`);
  const log = admin.getByRole('region', { name: 'Audit log (scrolls sideways)' });
  await expect(log.getByRole('row').nth(1)).toContainText('Signed in');
  await expect(log).toContainText('Reinstated an account');
  await expect(log).toContainText('Suspended an account');
  await expect(log).toContainText('Repeated no-shows reported by drivers');
  expect(await axeViolations(admin)).toEqual([]);
  await admin.screenshot({ path: test.info().outputPath('audit-1280.png'), fullPage: true });

  await personCtx.close();
  await adminCtx.close();
});

test('/users at 390 px: filters, the table scrolls sideways, no axe violations', async ({
  browser,
  baseURL,
}) => {
  const ctx = await browser.newContext({ baseURL, bypassCSP: true, viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await signInAsAdmin(page);
  await page.goto('/users?role=admin');
  await expect(page.getByLabel('Role')).toHaveValue('admin');
  await expect(page.getByRole('cell', { name: E2E_ADMIN.email })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('users-390.png'), fullPage: true });
  await ctx.close();
});
