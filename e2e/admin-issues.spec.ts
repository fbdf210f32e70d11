/** Issue 14: an administrator replies to a reported issue from its page; the reporter receives the e-mail. */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signedInAt } from './marketplace-api.ts';
import { axeViolations, createConfirmedUser, E2E_ADMIN, latestMail } from './support.ts';

test.describe.configure({ timeout: 120_000 });

test('an admin replies to an issue; the reporter gets the e-mail and the issue moves on', async ({
  browser,
  request,
}) => {
  const reporter = await createConfirmedUser(request, 'customer', { fullName: 'Priya Reporter' });
  const r = await signedInAt(browser, reporter);
  const title = `Calendar file opens empty ${randomUUID().slice(0, 8)}`;
  const filed = await r.page.request.post('/api/issues', {
    data: {
      title,
      description: 'The .ics from my booking opens an empty event.',
      category: 'bug',
      priority: 'high',
    },
  });
  expect(filed.status()).toBe(201);

  const a = await signedInAt(browser, E2E_ADMIN);
  await a.page.goto('/admin/issues');
  await a.page.getByLabel('Words or e-mail').fill(title);
  await a.page.getByRole('button', { name: 'Filter' }).click();
  await a.page.getByRole('link', { name: title }).click();
  await expect(a.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(a.page.getByTestId('issue-status')).toHaveText('Now: Pending');

  await a.page.getByRole('button', { name: 'Send reply' }).click();
  await expect(a.page.getByText('Please write the reply.')).toBeVisible();
  await a.page.getByLabel(`Reply to ${reporter.email}`).fill('Thanks Priya: fixed in tonight’s release.');
  await a.page.getByRole('button', { name: 'Send reply' }).click();
  await expect(a.page.getByTestId('issue-replies')).toContainText('fixed in tonight’s release');
  await expect(a.page.getByTestId('issue-status')).toHaveText('Now: In progress');
  expect(await axeViolations(a.page)).toEqual([]);

  const mail = await latestMail(request, reporter.email, 'issue-reply');
  expect(mail.subject).toBe(`Re: ${title}`);
  expect(mail.text).toContain('fixed in tonight’s release');

  await a.page.getByLabel('Status', { exact: true }).selectOption('resolved');
  await a.page.getByRole('button', { name: 'Save status' }).click();
  await expect(a.page.getByTestId('issue-status')).toHaveText('Now: Resolved');
  await a.ctx.close();
  await r.ctx.close();
});
