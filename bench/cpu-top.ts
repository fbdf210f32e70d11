/**
 * The top costs of a V8 CPU profile (`node --cpu-prof`, e.g. `PROFILE=/tmp/prof npx tsx bench/http.ts`):
 * self time per function, and per package or area of our code, as a share of the profile's busy time
 * (idle and the garbage collector's own entries shown apart).
 *
 *   npx tsx bench/cpu-top.ts /tmp/prof/CPU.*.cpuprofile [count]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/cpu-top.ts <file.cpuprofile> [count]');
  process.exit(1);
}
const count = Number(countArg ?? 15);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});

/** A bundled file's functions are told apart by name; node_modules paths survive in unbundled runs. */
function area(url: string): string {
  if (!url) return '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\/.*?\/(dist|src)\//, '$1/');
}

const fns = new Map<string, number>();
const areas = new Map<string, number>();
let busy = 0;
let idle = 0;
for (const [id, ms] of selfMs) {
  const frame = byId.get(id)!.callFrame;
  if (frame.functionName === '(idle)' || frame.functionName === '(program)') {
    idle += ms;
    continue;
  }
  busy += ms;
  const key = `${frame.functionName || '(anonymous)'} ${area(frame.url)}:${frame.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + ms);
  areas.set(area(frame.url), (areas.get(area(frame.url)) ?? 0) + ms);
}
const top = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, ms]) => `${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(7)} ms  ${k}`)
    .join('\n');
console.log(
  `busy ${busy.toFixed(0)} ms, idle/program ${idle.toFixed(0)} ms\n\nself time by function:\n${top(fns)}`,
);
console.log(`\nself time by file or package:\n${top(areas)}`);

// Who calls the top functions: the heaviest caller chains (up to 6 frames) of each of the top 5.
const parentOf = new Map<number, number>();
for (const n of profile.nodes as (Node & { children?: number[] })[]) {
  for (const c of n.children ?? []) parentOf.set(c, n.id);
}
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'}:${n.callFrame.lineNumber + 1}`;
for (const [key] of [...fns.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5)) {
  const chains = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const n = byId.get(id)!;
    if (
      `${n.callFrame.functionName || '(anonymous)'} ${area(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` !==
      key
    )
      continue;
    const chain: string[] = [];
    for (let p = parentOf.get(id); p !== undefined && chain.length < 6; p = parentOf.get(p))
      chain.push(label(byId.get(p)!));
    chains.set(chain.join(' < '), (chains.get(chain.join(' < ')) ?? 0) + ms);
  }
  const [best] = [...chains.entries()].sort((a, b) => b[1] - a[1]);
  if (best) console.log(`\n${key}\n  ${best[1].toFixed(0)} ms via ${best[0]}`);
}
