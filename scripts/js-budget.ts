/**
 * `npm run test:budgets` (in `npm test`, after the build): the JavaScript each kind of page needs before it
 * is usable, measured from the built files, not from a browser (issue 17), each file counted once at its
 * gzip size (the .gz the build writes beside it). Exits 1 when a page is over its budget.
 *
 * - The public content pages (ADR 034) load what their HTML, dist/web/static-page.html, names: its entry
 *   script and the modules it preloads (and anything those import statically).
 * - The app's pages load index.html's entry, the modules its start always fetches (React DOM, the router
 *   with the shell, the app's start: see src/web/app/boot.ts), their own route module (and the view it
 *   loads at once for that kind of user), and every module those import statically.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB_DIR = 'dist/web';
const MANIFEST = path.join(WEB_DIR, '.vite', 'manifest.json');

/**
 * Gzip kilobytes (1 KB = 1,000 bytes) each page may load at first. The app's pages: today's sizes, so any
 * growth fails (issue 17's goals: 110 and 160 KB). The public pages: issue 34's goal.
 */
export const JS_BUDGETS: Budget[] = [
  // 155.8 KB with React (hydrated) until issue 34 item 3.
  { page: 'public content pages (/, /about, /faq...)', html: 'static-page.html', maxKb: 40 },
  {
    page: "signed-in shell, a customer's /dashboard",
    html: 'index.html',
    routes: ['routes/dashboard.tsx'],
    // 155.6 -> 156.2 KB with issue 32: a return pair's card with both legs, the header's "More" menu entry
    // and the router's table (/driver/quotes). 156.5 -> 140.0 KB with the router in declarative mode (ADR 037).
    maxKb: 140.5,
  },
  {
    page: "signed-in shell, a driver's /dashboard",
    html: 'index.html',
    routes: ['routes/dashboard.tsx', 'routes/dashboard-driver.tsx'],
    // 164.5 -> 165.3 KB with issues 30 and 31: the router's table (/admin/today, guests on /book-ride) and
    // the trip cards' fare-guide route and quote-renewal lines (the renewal itself loads with the cards).
    // 165.5 -> 149.0 KB with the router in declarative mode (ADR 037); issue 34's goal is 150.
    maxKb: 150,
  },
];

interface Budget {
  page: string;
  /** The built page (its key in the manifest). */
  html: string;
  /** The app's route modules the page loads at start; none for a page without the app. */
  routes?: string[];
  maxKb: number;
}

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function gzipBytes(file: string): number {
  const full = path.join(WEB_DIR, file);
  if (existsSync(`${full}.gz`)) return statSync(`${full}.gz`).size;
  return gzipSync(readFileSync(full), { level: 9 }).length;
}

/** The scripts a built HTML file names: its entry and the modules it preloads. */
export function scriptsNamedIn(html: string): string[] {
  const named = [
    ...html.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
  ];
  return named.map((m) => m[1] as string);
}

/**
 * The files a page loads before it is usable: the scripts its HTML names; for the app's pages also what
 * the app's start fetches at once (the dynamic imports of the entry's modules) and the routes; and every
 * module those import statically.
 */
export function initialFiles(manifest: Record<string, Chunk>, budget: Budget): Set<string> {
  const entry = manifest[budget.html];
  if (!entry?.isEntry) throw new Error(`The manifest has no entry ${budget.html}`);
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const named = scriptsNamedIn(readFileSync(path.join(WEB_DIR, budget.html), 'utf8'));
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, followDynamic: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep, followDynamic);
    if (followDynamic) for (const dep of chunk.dynamicImports ?? []) visit(dep, false);
  };
  const appStarts = Boolean(budget.routes);
  for (const file of named) {
    const key = byFile.get(file);
    if (!key) throw new Error(`${budget.html} names ${file}, which the manifest does not have`);
    visit(key, appStarts);
  }
  for (const route of budget.routes ?? []) visit(route, false);
  return files;
}

if (!existsSync(MANIFEST)) {
  console.error(`${MANIFEST} is missing: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
let over = false;
for (const budget of JS_BUDGETS) {
  const files = initialFiles(manifest, budget);
  if (process.env.JS_BUDGET_LIST) for (const f of files) console.log(`  ${f} ${gzipBytes(f)}`);
  const kb = [...files].reduce((sum, f) => sum + gzipBytes(f), 0) / 1000;
  const ok = kb <= budget.maxKb;
  over ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${budget.page}: ${kb.toFixed(1)} KB gzip in ${files.size} files (budget ${budget.maxKb} KB)`,
  );
}
if (over) {
  console.error('Initial JavaScript is over its budget (scripts/js-budget.ts): make the page load less.');
  process.exit(1);
}
