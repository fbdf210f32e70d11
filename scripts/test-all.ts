/**
 * `npm test`: every check, one after another, stopping at the first that fails, and a table of how long each
 * took (issue 29: CI time is measured before it is cut; bench/README.md keeps the figures).
 */
import { spawnSync } from 'node:child_process';

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

const timings: { step: string; seconds: number; ok: boolean }[] = [];

function report() {
  const total = timings.reduce((sum, t) => sum + t.seconds, 0);
  console.log('\nnpm test, step by step:');
  for (const t of timings) {
    console.log(`  ${t.ok ? 'ok    ' : 'FAILED'} ${t.step.padEnd(14)} ${t.seconds.toFixed(1).padStart(7)} s`);
  }
  console.log(`  total                 ${total.toFixed(1).padStart(7)} s`);
}

for (const step of STEPS) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', step], { stdio: 'inherit', shell: false });
  const ok = run.status === 0;
  timings.push({ step, seconds: (performance.now() - started) / 1000, ok });
  if (!ok) {
    report();
    process.exit(run.status ?? 1);
  }
}
report();
