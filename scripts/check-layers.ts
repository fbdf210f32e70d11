/**
 * The layer check (issue 29): reads every import in src/ and fails on an import from a lower layer to a
 * higher one, or on a circle of imports. The layers, lowest first, are written once, in LAYERS below; the
 * map in docs/ARCHITECTURE.md describes the same. Type-only imports (`import type`) count too: a type that
 * names a higher layer, or closes a circle, ties the files together as surely as a call does.
 *
 *   npx tsx scripts/check-layers.ts          (npm test runs it)
 *   npx tsx scripts/check-layers.ts --graph  (also prints every arrow between folders)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');

/**
 * Lowest first. A file belongs to the first layer whose pattern matches its path (relative to src/). A
 * file may import its own layer and any lower one.
 */
export const LAYERS: readonly { name: string; holds: RegExp; what: string }[] = [
  { name: 'shared', holds: /^shared\//, what: 'rules, messages and types both sides use' },
  {
    name: 'infrastructure',
    holds: /^server\/(env|paths)\.ts$|^server\/(db|services|http|auth)\//,
    what: 'database, configuration, mail, storage, realtime, rate limits, HTTP plumbing, better-auth',
  },
  { name: 'domain', holds: /^server\/modules\//, what: 'one folder per domain: its rules and routes' },
  { name: 'jobs', holds: /^server\/jobs\//, what: 'background work that calls the domains' },
  {
    name: 'wiring',
    holds: /^server\/(app|index|cluster|server|idempotent-answers|bundle-secrets)\.ts$|^server\/(cli|seo)\//,
    what: 'the app, the entry point, the CLI and the server-rendered pages: compose everything below',
  },
  { name: 'web', holds: /^web\//, what: 'the React app (imports shared only, and itself)' },
];

/**
 * The web app is a second program over the shared layer: it imports shared only (never the server), and
 * only the wiring imports it (the server renders public pages with the web app's own route tree, ADR 010).
 */
const WEB_MAY_IMPORT = new Set(['shared', 'web']);
const MAY_IMPORT_WEB = new Set(['wiring', 'web']);

export interface Arrow {
  from: string;
  to: string;
  typeOnly: boolean;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts')) yield full;
  }
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every relative import in src/, as paths relative to src/. */
export function readArrows(): Arrow[] {
  const arrows: Arrow[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const from = path.relative(SRC, file);
    const add = (spec: string, typeOnly: boolean) => {
      if (!spec.startsWith('.')) return;
      const target = path.relative(SRC, path.resolve(path.dirname(file), spec.split('?')[0]!));
      if (target.startsWith('..')) return;
      arrows.push({ from, to: target, typeOnly });
    };
    for (const m of text.matchAll(IMPORT)) add(m[3]!, Boolean(m[2]));
    for (const m of text.matchAll(DYNAMIC)) add(m[1]!, false);
  }
  return arrows;
}

export function layerOf(file: string): { index: number; name: string } | null {
  const index = LAYERS.findIndex((l) => l.holds.test(file.split(path.sep).join('/')));
  return index < 0 ? null : { index, name: LAYERS[index]!.name };
}

/** Imports that go up a layer (or from the web app to the server), and files in no layer. */
export function layerViolations(arrows: Arrow[]): string[] {
  const problems: string[] = [];
  const unplaced = new Set<string>();
  for (const a of arrows) {
    const from = layerOf(a.from);
    const to = layerOf(a.to);
    if (!from) unplaced.add(a.from);
    if (!to) unplaced.add(a.to);
    if (!from || !to) continue;
    const up =
      from.name === 'web'
        ? !WEB_MAY_IMPORT.has(to.name)
        : to.name === 'web'
          ? !MAY_IMPORT_WEB.has(from.name)
          : to.index > from.index;
    if (up) problems.push(`${a.from} (${from.name}) imports ${a.to} (${to.name})`);
  }
  for (const file of unplaced) problems.push(`${file} is in no layer (scripts/check-layers.ts LAYERS)`);
  return problems;
}

/** Circles of imports, each as its files in order (Tarjan's strongly connected components). */
export function circles(arrows: Arrow[]): string[][] {
  const next = new Map<string, string[]>();
  for (const a of arrows) {
    if (!next.has(a.from)) next.set(a.from, []);
    next.get(a.from)!.push(a.to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.reverse());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

function main() {
  const arrows = readArrows();
  if (process.argv.includes('--graph')) {
    const folder = (f: string) => path.dirname(f);
    const counts = new Map<string, number>();
    for (const a of arrows) {
      const key = `${folder(a.from)} -> ${folder(a.to)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const [key, n] of [...counts].sort()) console.log(`${n}\t${key}`);
  }
  const up = layerViolations(arrows);
  const loops = circles(arrows);
  const server = arrows.filter((a) => a.from.startsWith('server/'));
  console.log(
    `${arrows.length} imports (${server.length} in the server): ${up.length} against the layers, ${loops.length} circles`,
  );
  for (const line of up) console.log(`  up: ${line}`);
  // Each circle is printed as the files that import one another round (a strongly connected group).
  for (const loop of loops) console.log(`  circle among: ${loop.join(', ')}`);
  if (up.length > 0 || loops.length > 0) {
    console.log(`Layers, lowest first: ${LAYERS.map((l) => `${l.name} (${l.what})`).join('; ')}.`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
