/**
 * Issue 30, text messages in the browser at 390 px: the settings table's "Text message" column (a switch
 * only for the kinds that send texts, saved), and the development mailbox's "Text messages" tab reached by
 * keyboard; axe reports nothing on either.
 */
import { expect, test } from '@playwright/test';
import { axeViolations, createConfirmedUser, signInQuickly } from './support.ts';

test.describe('text messages in the browser', () => {
  test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });

  test('the settings table has a text-message column for the kinds that send texts', async ({
    page,
    request,
  }) => {
    const user = await createConfirmedUser(request, 'customer');
    await signInQuickly(page, user.email, user.password);
    await page.goto('/settings');
    await expect(page.getByRole('columnheader', { name: 'Text message' })).toBeVisible();
    const box = page.getByRole('checkbox', { name: 'Text message: My driver is on the way' });
    await expect(box).toBeChecked();
    // A kind without texts: e-mail and push only, and a dash that reads as words.
    const row = page.getByTestId('pref-quote_received');
    await expect(row.getByRole('checkbox')).toHaveCount(2);
    await expect(row).toContainText('No text messages for this kind');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/notification-preferences') && r.request().method() === 'PUT',
    );
    await box.uncheck();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(
      page.getByRole('checkbox', { name: 'Text message: My driver is on the way' }),
    ).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'E-mail: My driver is on the way' })).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.getByTestId('pref-driver_on_the_way').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/sms-settings-390.png' });
  });

  test('the development mailbox shows texts in their own tab, reached by keyboard', async ({ page }) => {
    await page.goto('/dev/mailbox');
    const tab = page.getByRole('tab', { name: 'Text messages' });
    await page.getByRole('tab', { name: 'E-mails' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab).toBeFocused();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(/Every text message the app recorded/);
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/sms-mailbox-390.png', fullPage: true });
  });
});
