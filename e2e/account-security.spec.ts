/**
 * Issue 28 in the browser: changing the e-mail needs the current password and the old address can undo
 * it (finding 8); an administrator resets a person's lost second factor (finding 11). axe on each screen.
 */
import { expect, test } from '@playwright/test';
import { freshTotp } from '../tests/support/totp.ts';
import {
  axeViolations,
  createConfirmedUser,
  fixtureAddress,
  latestMail,
  linkIn,
  PASSWORD,
  signInAsAdmin,
  signInQuickly,
  uniqueEmail,
} from './support.ts';

test.use({ bypassCSP: true });

test('the e-mail change asks for the password, and the old address undoes it and signs everyone out', async ({
  page,
  request,
  browser,
}) => {
  const account = await createConfirmedUser(request, 'customer');
  await signInQuickly(page, account.email, PASSWORD);
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change e-mail address' });
  const newEmail = uniqueEmail('moved');
  await form.getByLabel('New e-mail address').fill(newEmail);
  await form.getByRole('button', { name: 'Change e-mail address' }).click();
  // No password: refused at the field, nothing sent.
  await expect(form.getByText('Enter your current password to change your e-mail address.')).toBeVisible();
  await form.getByLabel('Current password').fill('not-my-password-1');
  await form.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(form.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(form.getByText(new RegExp(newEmail.replace(/[.+]/g, '\\$&')))).toBeVisible();
  await page.goto(linkIn((await latestMail(request, newEmail, 'change-email')).text));
  await expect(page).toHaveURL(/\/profile/);

  // The old address's link, opened in another browser: nothing happens until the button is pressed.
  const notice = await latestMail(request, account.email, 'email-changed');
  const other = await (await browser.newContext({ bypassCSP: true })).newPage();
  await other.goto(linkIn(notice.text));
  await expect(other.getByRole('heading', { name: 'Undo the e-mail change' })).toBeVisible();
  expect(await axeViolations(other)).toEqual([]);
  await other.getByRole('button', { name: 'Undo the change' }).focus();
  await other.keyboard.press('Enter');
  await expect(other.getByRole('heading', { name: 'Your e-mail address is back' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Reset my password' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  expect(await axeViolations(other)).toEqual([]);

  // The browser that moved the account was signed out.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  const back = await request.post('/api/account/sign-in', {
    data: { email: account.email, password: PASSWORD },
    headers: fixtureAddress(),
  });
  expect(back.status()).toBe(200);
});

test("an administrator resets a person's lost second factor, with a reason", async ({ page, request }) => {
  const person = await createConfirmedUser(request, 'customer', { fullName: 'Lou Lostphone' });
  const signIn = await request.post('/api/account/sign-in', {
    data: { email: person.email, password: PASSWORD },
    headers: fixtureAddress(),
  });
  expect(signIn.status()).toBe(200);
  const setup = await request.post('/api/me/two-factor/enable', { data: { password: PASSWORD } });
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await request.post('/api/me/two-factor/confirm', {
    data: { code: await freshTotp(secret) },
  });
  expect(confirm.status()).toBe(200);

  await signInAsAdmin(page);
  await page.goto(`/admin/users/${person.userId}`);
  await expect(page.getByRole('heading', { name: 'Lou Lostphone' })).toBeVisible();
  const reset = page.getByRole('button', { name: 'Reset two-factor sign-in' });
  await expect(reset).toBeVisible();
  await reset.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('textbox').fill('Lost their phone; identity checked by a call to their mobile');
  await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Reset two-factor sign-in' })).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);

  // The person signs in with the password alone and was told by e-mail.
  const again = await request.post('/api/account/sign-in', {
    data: { email: person.email, password: PASSWORD },
    headers: fixtureAddress(),
  });
  expect(await again.json()).toEqual({ ok: true, userId: person.userId });
  const mail = await latestMail(request, person.email, 'two-factor-reset');
  expect(mail.text).toContain('Lost their phone');
});
