/** The public site (issue 5; SPEC §2.2, §2.4, §2.6, §3, §7): pages, home links, the two forms, axe. */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PUBLIC_PAGES, type PublicPath } from '../src/shared/public-content.ts';
import { axeViolations, fixtureAddress, uniqueEmail } from './support.ts';

const PATHS = Object.keys(PUBLIC_PAGES) as PublicPath[];

interface MailRow {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

async function appConfig(page: Page) {
  const raw = await page.locator('meta[name="app-config"]').getAttribute('content');
  const parsed = raw && raw !== '__APP_CONFIG__' ? (JSON.parse(raw) as Record<string, string>) : {};
  return {
    supportEmail: parsed.supportEmail ?? 'support@shuttlequote.example',
    driversEmail: parsed.driversEmail ?? 'drivers@shuttlequote.example',
  };
}

/** Waits for the mail to `to` of `kind` whose subject contains `marker` (other tests share the outbox). */
async function mailWith(request: APIRequestContext, to: string, kind: string, marker: string) {
  let found: MailRow | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      const body = (await res.json()) as { messages: MailRow[] };
      found = body.messages.find((m) => m.kind === kind && `${m.subject}\n${m.text}`.includes(marker));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

test.describe('public site', () => {
  test.use({ bypassCSP: true });

  test('every public route renders for a guest with its heading and title', async ({ page }) => {
    for (const path of PATHS) {
      const meta = PUBLIC_PAGES[path];
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(meta.heading);
      await expect(page.locator('h1'), path).toHaveCount(1);
      await expect(page, path).toHaveTitle(`${meta.title} | ShuttleQuote`);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute(
        'content',
        meta.description,
      );
    }
  });

  test('public pages fit a 390 px phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of PATHS) {
      await page.goto(path);
      await expect(page.locator('h1'), path).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('home page sections, links and the #how-it-works anchor', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('complementary', { name: 'Launch notice' })).toContainText('Port Stephens');
    await expect(main.locator('#how-it-works')).toBeVisible();
    await expect(main.locator('#how-it-works li')).toHaveCount(3);
    await expect(main.getByRole('heading', { name: 'For riders' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'For drivers' })).toBeVisible();
    // Issue 32: three sample trips told as what happens, no invented testimonials.
    await expect(main.getByRole('heading', { name: 'Trips it is built for' })).toBeVisible();
    await expect(main.getByRole('article')).toHaveCount(3);
    await expect(main).not.toContainText(/testimonial|not reviews from real/i);
    // The checks that exist now, not just a BSP number.
    await expect(main.getByRole('heading', { name: 'Checked operators only' })).toBeVisible();
    await expect(main).toContainText('insurance certificates and a current safety inspection');

    for (const name of ['Book a Ride', 'Book Your First Ride', 'Get Started Today']) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/signup');
    }
    await expect(main.getByRole('link', { name: 'Learn More About Our Process' })).toHaveAttribute(
      'href',
      '/how-it-works',
    );

    await main.locator('a[href="#how-it-works"]').click();
    await expect(page).toHaveURL(/#how-it-works$/);
    await expect(main.locator('#how-it-works')).toBeInViewport();

    await main.getByRole('link', { name: 'Learn More About Our Process' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(page.locator('h1')).toHaveText(PUBLIC_PAGES['/how-it-works'].heading);

    for (const name of ['Book a Ride', 'Book Your First Ride', 'Get Started Today']) {
      await page.goto('/');
      await page.getByRole('main').getByRole('link', { name, exact: true }).click();
      await expect(page, name).toHaveURL(/\/signup$/);
    }
  });

  test('the contact form shows its errors, then sends to support with a copy to the sender', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders(fixtureAddress());
    await page.goto('/support');
    const form = page.getByRole('form', { name: 'Contact support' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Please enter your full name')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Please enter a subject.')).toBeVisible();
    await expect(form.getByText('Please enter your message.')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    const email = uniqueEmail('contact');
    const subject = `Airport transfer question ${Date.now()}`;
    await form.getByLabel('Name').fill('Robin Rider');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone (optional)').fill('0400 000 000');
    await form.getByLabel('I am a (optional)').selectOption('customer');
    await form.getByLabel('Subject').fill(subject);
    await form
      .getByLabel('Message')
      .fill('Can I book a shuttle from Nelson Bay to Newcastle Airport at 5 am?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you, Robin Rider' })).toContainText(
      'within 24 hours on business days',
    );

    const { supportEmail } = await appConfig(page);
    const mail = await mailWith(request, supportEmail, 'contact', subject);
    expect(mail.text).toContain(email);
    expect(mail.text).toContain('Nelson Bay to Newcastle Airport');
    await mailWith(request, email, 'contact-confirmation', 'Robin Rider');
  });

  test('the driver-support form shows its errors, then sends to the drivers address', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders(fixtureAddress());
    await page.goto('/driver-support');
    const form = page.getByRole('form', { name: 'Driver support request' });
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByText('Please enter a valid full name')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Please enter a subject.')).toBeVisible();
    await expect(form.getByText('Please enter your message.')).toBeVisible();

    const email = uniqueEmail('driver-support');
    const subject = `Quote not showing ${Date.now()}`;
    await form.getByLabel('Name').fill('Dana Driver');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Driver licence number (optional)').fill('12345678');
    await form.getByLabel('Urgency (optional)').selectOption('high');
    await form.getByLabel('Subject').fill(subject);
    await form
      .getByLabel('Message')
      .fill('My quote for the Williamtown pickup does not appear for the rider.');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you, Dana Driver' })).toBeVisible();

    const { driversEmail } = await appConfig(page);
    const mail = await mailWith(request, driversEmail, 'driver-support', subject);
    expect(mail.text).toContain('Urgency: high');
    await mailWith(request, email, 'driver-support-confirmation', 'Dana Driver');
  });

  test('a failed send shows the spec message', async ({ page }) => {
    await page.route('**/api/send-email', (route) =>
      route.fulfill({ status: 502, json: { success: false, message: 'Failed to send email.' } }),
    );
    await page.goto('/support');
    const form = page.getByRole('form', { name: 'Contact support' });
    await form.getByLabel('Name').fill('Robin Rider');
    await form.getByLabel('Email').fill(uniqueEmail('contact-fail'));
    await form.getByLabel('Subject').fill('Hello');
    await form.getByLabel('Message').fill('Testing a failure.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to send email.');
  });

  test('the honeypot is hidden from people and assistive technology', async ({ page }) => {
    await page.goto('/support');
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    await expect(page.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
  });

  test('axe-core finds no violations on the public pages', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of PATHS) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
});
