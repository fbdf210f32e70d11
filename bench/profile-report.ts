/**
 * Reads a V8 CPU profile of the server (`PROFILE=dir npx tsx bench/http.ts`, which starts the bundle with
 * `--cpu-prof`) and says where its busy time went: by function, and by the package or source file each
 * function of the bundle comes from (esbuild's `// node_modules/<package>/...` and `// src/...` markers in
 * dist/server/index.js). The sections of bench/README.md that split a profile by module were made this way
 * (earlier ones with bench/cpu-top.ts, which this replaced: it could not tell a bundle's packages apart).
 *
 *   npx tsx bench/profile-report.ts <profile dir or .cpuprofile> [bundle]
 *     busy time, the functions and the modules by self time (the bundle defaults to dist/server/index.js)
 *   MODULE=nodemailer npx tsx bench/profile-report.ts ...   the functions of modules matching it only
 *   CALLERS=randomFillSync npx tsx bench/profile-report.ts ...   also who calls functions of that name
 *   TOP=40 (rows per list, default 25)
 *
 * "(idle)" is left out of busy time. `writev` (and `writeBuffer`) are kept but read with care: samples land
 * there while the process waits to run again after waking PostgreSQL (bench/README.md, "One read of each
 * request"), so they overstate its CPU.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [target, bundleArg] = process.argv.slice(2);
if (!target) {
  console.error('usage: npx tsx bench/profile-report.ts <profile dir or .cpuprofile> [bundle]');
  process.exit(2);
}
const TOP = Number(process.env.TOP ?? 25);

/** The profile itself, or the largest in a directory (the main thread's; a loader thread writes a small one). */
function profilePath(p: string): string {
  if (!statSync(p).isDirectory()) return p;
  const files = readdirSync(p)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(p, f));
  if (files.length === 0) throw new Error(`no .cpuprofile in ${p}`);
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
}

/** The bundle's module markers: the line each module starts at, and its name (a package or a source file). */
function bundleModules(bundle: string): { starts: number[]; names: string[] } {
  const starts: number[] = [];
  const names: string[] = [];
  readFileSync(bundle, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.startsWith('// ') || !line.includes('/')) return;
      const marker = line.slice(3).trim();
      const inPackage = marker.split('node_modules/').at(-1)!;
      const parts = inPackage.split('/');
      const name = marker.includes('node_modules/')
        ? parts[0]!.startsWith('@')
          ? `${parts[0]}/${parts[1]}`
          : parts[0]!
        : marker;
      starts.push(i);
      names.push(name);
    });
  return { starts, names };
}

/** The last start at or before `line` (binary search). */
function moduleAt(modules: { starts: number[]; names: string[] }, line: number): string {
  let lo = 0;
  let hi = modules.starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (modules.starts[mid]! <= line) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? '(bundle start)' : modules.names[found]!;
}

const file = profilePath(target);
const bundle = path.resolve(bundleArg ?? 'dist/server/index.js');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const modules = bundleModules(bundle);
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const bundleUrl = pathToFileURL(bundle).href;
/** The bundle's functions by its markers; an unbundled run's (tsx) by their package or source file. */
function moduleOf(frame: CallFrame): string {
  if (frame.url === bundleUrl) return moduleAt(modules, frame.lineNumber);
  if (frame.url === '') return frame.functionName || '(native)';
  const pkg = frame.url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  return frame.url.replace(/^file:\/\/.*?\/(bench|dist|src|tests)\//, '$1/');
}

const byModule = new Map<string, number>();
const byFunction = new Map<string, number>();
const byCallers = new Map<string, number>();
let total = 0;
let idle = 0;
const moduleFilter = process.env.MODULE;
const callersOf = process.env.CALLERS;
for (const [id, us] of selfTime) {
  const frame = nodes.get(id)!.callFrame;
  total += us;
  if (frame.functionName === '(idle)') {
    idle += us;
    continue;
  }
  const mod = moduleOf(frame);
  byModule.set(mod, (byModule.get(mod) ?? 0) + us);
  if (!moduleFilter || mod.includes(moduleFilter)) {
    const key = `${frame.functionName || '(anonymous)'}  ${mod}:${frame.lineNumber}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  if (callersOf && frame.functionName === callersOf) {
    const chain: string[] = [];
    for (let p = parent.get(id); p !== undefined && chain.length < 5; p = parent.get(p)) {
      const f = nodes.get(p)!.callFrame;
      chain.push(`${f.functionName || '(anonymous)'} (${moduleOf(f)})`);
    }
    const key = chain.join(' < ');
    byCallers.set(key, (byCallers.get(key) ?? 0) + us);
  }
}

const busy = total - idle;
const ms = (us: number) => `${(us / 1000).toFixed(1).padStart(9)} ms`;
const share = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
function list(title: string, entries: Map<string, number>) {
  console.log(`\n${title}`);
  for (const [key, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${ms(us)} ${share(us)}  ${key}`);
  }
}

console.log(`${file}\nbundle ${bundle}`);
console.log(`profiled ${(total / 1e6).toFixed(2)} s, busy ${(busy / 1e6).toFixed(2)} s (idle left out)`);
list(
  moduleFilter ? `functions of modules matching "${moduleFilter}":` : 'self time by function:',
  byFunction,
);
list('self time by module:', byModule);
if (callersOf) list(`callers of ${callersOf}:`, byCallers);
