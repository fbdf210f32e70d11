import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const path of ['/how-it-works', '/how-it-works', '/signin']) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const t = performance.now();
  page.on('request', (r) => { if (r.url().includes('/api/')) console.log('  req', (performance.now() - t).toFixed(0), r.url().replace(base, ''), JSON.stringify(r.headers())); });
  page.on('response', (r) => { if (r.url().includes('/api/')) console.log('  resp', (performance.now() - t).toFixed(0), r.url().replace(base, ''), r.status()); });
  page.on('requestfailed', (r) => console.log('  FAIL', (performance.now() - t).toFixed(0), r.url().replace(base, ''), r.failure()?.errorText));
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  console.log(path, 'idle', (performance.now() - t).toFixed(0));
  await ctx.close();
}
await browser.close();
