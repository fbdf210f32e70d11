import { expect, test } from '@playwright/test';
import { axeViolations, createConfirmedUser, PASSWORD, signInQuickly } from './support.ts';

test.describe('settings and help', () => {
  test.use({ bypassCSP: true });

  test('a notification choice persists after a reload', async ({ page, request }) => {
    const user = await createConfirmedUser(request, 'customer');
    await signInQuickly(page, user.email, user.password);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const box = page.getByRole('checkbox', { name: 'E-mail: I received a rating' });
    await expect(box).toBeChecked();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/notification-preferences') && r.request().method() === 'PUT',
    );
    await box.uncheck();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'E-mail: I received a rating' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Push: I received a rating' })).toBeChecked();
  });

  test('changing the password end to end', async ({ page, request }) => {
    const user = await createConfirmedUser(request, 'customer');
    await signInQuickly(page, user.email, user.password);
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-the-password');
    await form.getByLabel(/^New password/).fill('a-brand-new-passphrase-9');
    await form.getByLabel('Confirm new password').fill('a-brand-new-passphrase-9');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Your current password is incorrect.');

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toContainText('Your password has been changed');

    const oldSignIn = await request.post('/api/account/sign-in', {
      data: { email: user.email, password: PASSWORD },
    });
    expect(oldSignIn.status()).toBe(401);
    const newSignIn = await request.post('/api/account/sign-in', {
      data: { email: user.email, password: 'a-brand-new-passphrase-9' },
    });
    expect(newSignIn.status()).toBe(200);
  });

  test('the push switch says when push is not available', async ({ page, request }) => {
    const user = await createConfirmedUser(request, 'customer');
    await signInQuickly(page, user.email, user.password);
    await page.goto('/settings');
    await page.getByRole('switch', { name: 'Push notifications on this device' }).click();
    // Headless Chromium over plain http either refuses permission or has no push service.
    await expect(page.getByTestId('toast')).toContainText(
      /Notification Permission Denied|Failed to Enable Notifications|Push Notifications Not Supported/,
    );
  });

  test('/settings and /help have no axe violations', async ({ page, request }) => {
    const user = await createConfirmedUser(request, 'driver');
    await signInQuickly(page, user.email, user.password);
    await page.goto('/settings');
    await expect(page.getByRole('checkbox', { name: 'E-mail: I received a rating' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Contact support' })).toBeVisible();
    await expect(page.getByText('Monday to Friday, 08:00 to 20:00')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
