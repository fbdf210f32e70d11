import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const path of ['/', '/how-it-works', '/signin', '/signup', '/post-trip', '/', '/signin']) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  const t = performance.now();
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  const ms = performance.now() - t;
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  console.log(path.padEnd(14), ms.toFixed(0), 'task', (m.TaskDuration * 1000).toFixed(0), 'script', (m.ScriptDuration * 1000).toFixed(0), 'layout', (m.LayoutDuration * 1000).toFixed(0), 'style', (m.RecalcStyleDuration * 1000).toFixed(0), 'nodes', m.Nodes, 'jsheap', (m.JSHeapUsedSize / 1e6).toFixed(1));
  await ctx.close();
}
await browser.close();
