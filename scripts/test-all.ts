/**
 * `npm test`: every check, one after another (the chaos run beside the API tests: BESIDE), stopping at the
 * first that fails, and a table of how long each took (issue 29: CI time is measured before it is cut;
 * bench/README.md keeps the figures).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The steps, in order: cheap checks first, so a mistake fails fast. Each is an npm script. */
export const STEPS = [
  'typecheck',
  'lint',
  'test:layers',
  'test:unit',
  'test:api',
  'test:timing',
  'test:chaos',
  'build',
  'test:budgets',
  'test:e2e',
] as const;

type Step = (typeof STEPS)[number];

/**
 * Steps run beside another one rather than after it. The chaos run mostly waits (a trip a second, a
 * claim's 50 s expiry, SMTP down 15 s: about 90 s and little CPU), on a scratch cluster and a port of its
 * own, so it runs while the API tests do and is waited for when they end. Never beside the timing tests,
 * which measure. Its output goes to a file, printed whole when it ends, so the two logs do not interleave.
 */
const BESIDE: Partial<Record<Step, Step>> = { 'test:api': 'test:chaos' };
const besideOf = new Set(Object.values(BESIDE));

const timings: { step: string; seconds: number; ok: boolean }[] = [];

function report() {
  const total = timings.reduce((sum, t) => sum + t.seconds, 0);
  console.log('\nnpm test, step by step (a step run beside another is marked +):');
  for (const t of timings) {
    console.log(`  ${t.ok ? 'ok    ' : 'FAILED'} ${t.step.padEnd(14)} ${t.seconds.toFixed(1).padStart(7)} s`);
  }
  console.log(`  sum of the steps      ${total.toFixed(1).padStart(7)} s`);
  console.log(`  wall time             ${((performance.now() - begun) / 1000).toFixed(1).padStart(7)} s`);
}

function fail(code: number | null): never {
  report();
  process.exit(code ?? 1);
}

/** Runs a step; resolves when it has ended, with how long it took. Output: inherited, or to a file. */
function run(step: Step, toFile = false) {
  const dir = toFile ? mkdtempSync(path.join(tmpdir(), 'npm-test-')) : '';
  const logPath = path.join(dir, `${step.replace(':', '-')}.log`);
  const fd = toFile ? openSync(logPath, 'w') : undefined;
  const started = performance.now();
  const stdio = fd === undefined ? 'inherit' : (['ignore', fd, fd] as const);
  const child = spawn('npm', ['run', step], { stdio: stdio as 'inherit', shell: false });
  if (fd !== undefined) closeSync(fd);
  return new Promise<{ ok: boolean; code: number | null; seconds: number; output: string }>((resolve) =>
    child.once('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const output = toFile ? readFileSync(logPath, 'utf8') : '';
      if (toFile) rmSync(dir, { recursive: true, force: true });
      resolve({ ok: code === 0, code, seconds, output });
    }),
  );
}

const begun = performance.now();
for (const step of STEPS) {
  if (besideOf.has(step)) continue;
  const besideStep = BESIDE[step];
  const beside = besideStep ? run(besideStep, true) : undefined;
  const done = await run(step);
  timings.push({ step, seconds: done.seconds, ok: done.ok });
  if (beside && besideStep) {
    // Waited for even when the step failed: it drops its scratch cluster as it ends.
    const other = await beside;
    console.log(`\n---------- ${besideStep} (run beside ${step}) ----------\n${other.output}`);
    timings.push({ step: `+${besideStep}`, seconds: other.seconds, ok: other.ok });
    if (!other.ok && done.ok) fail(other.code);
  }
  if (!done.ok) fail(done.code);
}
report();
