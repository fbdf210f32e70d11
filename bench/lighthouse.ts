/**
 * Lighthouse (mobile, simulated throttling) on every public page of src/shared/public-content.ts, printed
 * as the Markdown table in bench/README.md. Lighthouse is not a project dependency (about 130 MB that
 * `npm test` never needs); install it outside the project first, and start the app:
 *
 *   npm install --no-save --prefix /tmp/lh lighthouse@12
 *   npx vite build && APP_ENV=production NODE_ENV=production PORT=3470 HOST=127.0.0.1 \
 *     APP_URL=http://127.0.0.1:3470 AUTH_SECRET=$(openssl rand -hex 32) DATA_DIR=/tmp/lhdata npx tsx src/server/index.ts &
 *   npx tsx bench/lighthouse.ts [base-url] [path …]
 *
 * LIGHTHOUSE (default /tmp/lh/node_modules/.bin/lighthouse) and CHROME_PATH (default /usr/bin/chromium)
 * point at the tools. Every page is measured RUNS times (default 3) and the median performance run is kept.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLIC_PAGES } from '../src/shared/public-content.ts';

const [base = 'http://127.0.0.1:3470', ...only] = process.argv.slice(2);
const paths = only.length > 0 ? only : Object.keys(PUBLIC_PAGES);
const lighthouse = process.env.LIGHTHOUSE ?? '/tmp/lh/node_modules/.bin/lighthouse';
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.RUNS ?? 3);
const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));

type Report = {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; details?: { items?: NetworkRequest[] } }>;
};
type NetworkRequest = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  networkRequestTime?: number;
};

function measure(path: string, run: number, attempt = 1): Report {
  const file = join(out, `${path.replaceAll('/', '_') || 'home'}-${run}.json`);
  try {
    lighthouseRun(path, file);
  } catch (error) {
    // Lighthouse now and then loses the trace (NO_NAVSTART); a second attempt is a fresh browser.
    if (attempt >= 3) throw error;
    return measure(path, run, attempt + 1);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Report;
}

function lighthouseRun(path: string, file: string) {
  execFileSync(
    lighthouse,
    [
      base + path,
      `--chrome-path=${chrome}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run',
      '--only-categories=performance,accessibility,seo,best-practices',
      '--output=json',
      `--output-path=${file}`,
      '--quiet',
    ],
    { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } },
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms = 0) => `${(ms / 1000).toFixed(1)} s`;
const score = (r: Report, c: string) => Math.round((r.categories[c]?.score ?? 0) * 100);

// The server renders each public page on its first request and keeps it; warm it first so every run
// measures the page as visitors get it, not the one-off rendering.
for (const path of paths) await fetch(base + path);

console.log(
  '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | initial JS (transfer / raw, files) | all JS, with the idle-time overlays |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
const sum = (list: NetworkRequest[], key: 'transferSize' | 'resourceSize') =>
  list.reduce((n, i) => n + (i[key] ?? 0), 0);
const sizes = (list: NetworkRequest[]) =>
  `${kb(sum(list, 'transferSize'))} / ${kb(sum(list, 'resourceSize'))} (${list.length})`;
for (const path of paths) {
  const reports = Array.from({ length: runs }, (_, i) => measure(path, i));
  reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const r = reports[Math.floor(reports.length / 2)] as Report;
  const scripts = (r.audits['network-requests']?.details?.items ?? []).filter(
    (i) => i.resourceType === 'Script',
  );
  // Initial JS: what the page loads to become the app (entry, React, router, shell, the route's chunk):
  // every script requested before the overlays chunk, which the shell fetches once the page is idle.
  const deferredAt =
    scripts.find((i) => i.url.includes('/DeferredOverlays-'))?.networkRequestTime ?? Infinity;
  const initial = scripts.filter((i) => (i.networkRequestTime ?? 0) < deferredAt);
  const a = (id: string) => r.audits[id]?.numericValue;
  console.log(
    `| ${path} | ${score(r, 'performance')} | ${score(r, 'accessibility')} | ${score(r, 'best-practices')} | ${score(r, 'seo')} | ${seconds(a('first-contentful-paint'))} | ${seconds(a('largest-contentful-paint'))} | ${Math.round(a('total-blocking-time') ?? 0)} ms | ${(a('cumulative-layout-shift') ?? 0).toFixed(3)} | ${sizes(initial)} | ${sizes(scripts)} |`,
  );
}
console.error(`Reports kept in ${out}`);
