import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext();
const page = await ctx.newPage();
page.on('request', (r) => { if (r.url().includes('/api/health')) console.log('headers', JSON.stringify(r.headers())); });
await page.goto(base + '/robots.txt');
for (let i = 0; i < 3; i++) {
  const r = await page.evaluate(async () => { const t = performance.now(); try { const res = await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(5000) }); const b = await res.text(); return [performance.now() - t, res.status, b]; } catch (e) { return [performance.now() - t, String(e)]; } });
  console.log(r);
}
await browser.close();
