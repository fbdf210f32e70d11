/** Uploads with progress and every rejection, the avatar change reaching the header, the issue reporter. */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { adminRequest, createConfirmedUser, signInAsAdmin, signInQuickly } from './support.ts';

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A consent choice already made, so the cookie banner stays away from the floating buttons. */
async function skipCookieBanner(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem(
      'sq.cookieConsent',
      JSON.stringify({
        essential: true,
        functional: false,
        analytics: false,
        consentDate: new Date().toISOString(),
      }),
    );
  });
}

async function signedInAs(page: Page, request: Parameters<typeof createConfirmedUser>[0]) {
  await skipCookieBanner(page);
  const user = await createConfirmedUser(request, 'customer');
  await signInQuickly(page, user.email, user.password);
  return user;
}

test.describe('uploads', () => {
  test('each rejection message, then an upload with progress, ticks and the §8 toast', async ({
    page,
    request,
  }) => {
    await signedInAs(page, request);
    await page.goto('/profile');
    const input = page.getByLabel('Choose files to upload');
    await expect(page.getByText('Accepted file types: PNG, JPEG, GIF, WebP, PDF')).toBeVisible();
    await expect(page.getByText('Maximum file size: 5MB')).toBeVisible();
    await expect(page.getByText('Maximum files: 5')).toBeVisible();
    const small = await png(4, 4, '#123456');

    // Too many files.
    await input.setInputFiles(
      Array.from({ length: 6 }, (_, i) => ({ name: `photo-${i}.png`, mimeType: 'image/png', buffer: small })),
    );
    await expect(
      page.getByRole('alert').filter({ hasText: 'You can only upload a maximum of 5 files.' }),
    ).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText('Too many files');

    // Too large, wrong type, and a text file dressed up as a PNG.
    const selected = page.getByRole('list', { name: 'Selected files' });
    await input.setInputFiles([
      {
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.concat([small, Buffer.alloc(5 * 1024 * 1024)]),
      },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain notes') },
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('I am text, not a picture') },
    ]);
    await expect(selected.getByRole('listitem').filter({ hasText: 'huge.png' })).toContainText(
      'File is too large. Maximum size is 5MB.',
    );
    await expect(selected.getByRole('listitem').filter({ hasText: 'notes.txt' })).toContainText(
      'File type text/plain is not accepted.',
    );
    await expect(selected.getByRole('listitem').filter({ hasText: 'fake.png' })).toContainText(
      'File type could not be determined. Please try a different file.',
    );
    await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
    for (const name of ['huge.png', 'notes.txt', 'fake.png']) {
      await page.getByRole('button', { name: `Remove ${name}` }).click();
    }
    await expect(selected).toBeHidden();

    // Two good files; the server is slowed down so the busy state can be seen.
    await page.route('**/api/files', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(1024 * 1024, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    await input.setInputFiles([
      { name: 'licence.png', mimeType: 'image/png', buffer: small },
      { name: 'insurance.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Remove insurance.pdf' })).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Uploading licence.png' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Uploading insurance.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(selected.getByRole('img', { name: 'Uploaded' })).toHaveCount(2);
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Upload complete');
    await expect(toast).toContainText('Successfully uploaded 2 file(s).');
    // Successful files leave the selection and appear in the list.
    await expect(selected).toBeHidden();
    const documents = page.getByRole('list', { name: 'Your documents' });
    await expect(documents).toContainText('licence.png');
    await expect(documents).toContainText('insurance.pdf');
  });
});

test.describe('avatar', () => {
  test('a new picture shows in the header; Cancel closes; a second change replaces it', async ({
    page,
    request,
  }) => {
    await signedInAs(page, request);
    await page.goto('/profile');
    const headerImg = page.locator('header img');
    await expect(headerImg).toHaveCount(0);

    await page.getByRole('button', { name: 'Change profile picture' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change profile picture' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Change profile picture' }).click();
    dialog = page.getByRole('dialog', { name: 'Change profile picture' });
    await dialog.getByLabel('Picture').setInputFiles({
      name: 'doc.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await expect(dialog.getByRole('alert')).toHaveText(
      'Please upload an image file (PNG, JPEG, GIF, or WebP).',
    );
    await dialog.getByLabel('Picture').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await png(600, 400, '#cc3300'),
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('toast')).toContainText('Avatar updated');
    await expect(page.getByTestId('toast')).toContainText(
      'Your profile picture has been updated successfully.',
    );
    await expect(dialog).toBeHidden();
    await expect(headerImg).toHaveAttribute('src', /^\/api\/avatars\/file\/[0-9a-f-]+\/\d+-[0-9a-f]+\.webp$/);
    const first = await headerImg.getAttribute('src');
    const size = await headerImg.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([256, 256]);

    await page.getByRole('button', { name: 'Change profile picture' }).click();
    dialog = page.getByRole('dialog', { name: 'Change profile picture' });
    await dialog.getByLabel('Picture').setInputFiles({
      name: 'me2.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0033cc' } })
        .jpeg()
        .toBuffer(),
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(headerImg).not.toHaveAttribute('src', first!);
    await expect(headerImg).toHaveAttribute('src', /\/api\/avatars\/file\//);
  });
});

test.describe('issue reporter', () => {
  test('guests see no Log Issue button', async ({ page }) => {
    await skipCookieBanner(page);
    await page.goto('/about');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Issue' })).toHaveCount(0);
  });

  test('report end to end: defaults, validation, success toast, and the row for the admin', async ({
    page,
    request,
    baseURL,
  }) => {
    const user = await signedInAs(page, request);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Log Issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report an Issue' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Category')).toHaveValue('bug');
    await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
    await expect(dialog.getByLabel('Category').locator('option')).toHaveText([
      'Bug',
      'Feature Request',
      'Improvement',
      'Other',
    ]);

    await dialog.getByRole('button', { name: 'Submit Issue' }).click();
    await expect(dialog).toContainText('Title must be at least 5 characters');
    await expect(dialog).toContainText('Description must be at least 10 characters');

    const title = `Seat map glitch ${Date.now()}`;
    await dialog.getByLabel('Issue Title').fill(title);
    await dialog.getByLabel('Description').fill('The seat map flickers when I pick a date.');
    await dialog.getByLabel('Category').selectOption('improvement');
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByLabel('Screenshot (optional)').setInputFiles({
      name: 'screen.png',
      mimeType: 'image/png',
      buffer: await png(120, 80, '#eeeeee'),
    });
    await page.route('**/api/issues', async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Submit Issue' }).click();
    await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Issue Submitted');
    await expect(toast).toContainText(
      'Thank you for your feedback. Your issue has been submitted successfully. We will review it and get back to you via email.',
    );
    await expect(dialog).toBeHidden();

    // The administrator sees it, pending, with the screenshot.
    const admin = await adminRequest(baseURL!);
    const list = await admin.get('/api/issues');
    expect(list.status()).toBe(200);
    const { issues } = (await list.json()) as {
      issues: {
        title: string;
        status: string;
        category: string;
        priority: string;
        userEmail: string;
        screenshotUrl: string | null;
      }[];
    };
    const row = issues.find((i) => i.title === title);
    expect(row).toMatchObject({
      status: 'pending',
      category: 'improvement',
      priority: 'high',
      userEmail: user.email,
    });
    expect(row?.screenshotUrl).toMatch(/^\/api\/issues\/screenshots\//);
    await admin.dispose();

    // And on the admin dashboard.
    await page.context().clearCookies();
    await signInAsAdmin(page);
    await page.goto('/admin-dashboard');
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText(user.email);
  });
});
