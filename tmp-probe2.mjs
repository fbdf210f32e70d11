import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const path of ['/how-it-works', '/signin']) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const t = performance.now();
  page.on('request', (r) => console.log('  req', (performance.now() - t).toFixed(0), r.method(), r.url().replace(base, '')));
  page.on('requestfinished', (r) => console.log('  fin', (performance.now() - t).toFixed(0), r.url().replace(base, '')));
  page.on('requestfailed', (r) => console.log('  FAIL', (performance.now() - t).toFixed(0), r.url().replace(base, ''), r.failure()?.errorText));
  await page.goto(base + path);
  console.log(path, 'load', (performance.now() - t).toFixed(0));
  await page.waitForLoadState('networkidle');
  console.log(path, 'idle', (performance.now() - t).toFixed(0));
  await ctx.close();
}
await browser.close();
