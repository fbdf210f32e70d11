/**
 * `npm run test:budgets` (in `npm test`, after the build): the JavaScript each kind of page needs before it
 * is usable, measured from the built files, not from a browser (issue 17). A page loads the entry script,
 * the three modules the entry always loads (React DOM, the router with the shell, the app's start: see
 * src/web/main.tsx), its own route module (and the view it loads at once for that kind of user), and every
 * module those import statically; each file is counted
 * once, at its gzip size (the .gz the build writes beside it). Exits 1 when a page is over its budget.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB_DIR = 'dist/web';
const MANIFEST = path.join(WEB_DIR, '.vite', 'manifest.json');

/**
 * Gzip kilobytes (1 KB = 1,000 bytes) each page may load at first: today's sizes, so any growth fails.
 * Lower them as the pages get lighter (issue 17's goals: 110 and 160 KB).
 */
export const JS_BUDGETS = [
  { page: 'home page (/)', routes: ['routes/home.tsx'], maxKb: 156 },
  {
    page: "signed-in shell, a customer's /dashboard",
    routes: ['routes/dashboard.tsx'],
    // 155.6 -> 156.2 KB with issue 32: a return pair's card with both legs, the header's "More" menu entry
    // and the router's table (/driver/quotes).
    maxKb: 156.5,
  },
  {
    page: "signed-in shell, a driver's /dashboard",
    routes: ['routes/dashboard.tsx', 'routes/dashboard-driver.tsx'],
    // 164.5 -> 165.3 KB with issues 30 and 31: the router's table (/admin/today, guests on /book-ride) and
    // the trip cards' fare-guide route and quote-renewal lines (the renewal itself loads with the cards).
    maxKb: 166,
  },
];

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

/** The files a page loads before it is usable: the roots and everything they import statically. */
export function initialFiles(manifest: Record<string, Chunk>, routes: string[]): Set<string> {
  const [entryKey, entry] = Object.entries(manifest).find(([, c]) => c.isEntry) ?? [];
  if (!entryKey || !entry) throw new Error('The manifest has no entry');
  // What main.tsx always imports after the first paint.
  const roots = [entryKey, ...(entry.dynamicImports ?? []), ...routes];
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const root of roots) visit(root);
  return files;
}

if (!existsSync(MANIFEST)) {
  console.error(`${MANIFEST} is missing: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
let over = false;
for (const budget of JS_BUDGETS) {
  const files = initialFiles(manifest, budget.routes);
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
