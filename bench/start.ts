/**
 * Server start time (issue 17): how long from starting the process until /api/health answers, on an
 * existing PGlite database (made by a first start that is not counted), for the compiled server
 * (`node dist/server/index.js`, what `npm start` runs) and the development one (`tsx src/server/index.ts`).
 * Run `npm run build` first.
 *
 *   npx tsx bench/start.ts            # 7 starts of each, prints the median and the range
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.RUNS ?? 7);
const PORT = 3990;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'));

function start(command: string[]): { child: ChildProcess; started: number } {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
    },
    stdio: 'ignore',
    detached: true,
  });
  return { child, started };
}

async function timeToHealth(command: string[]): Promise<number> {
  const { child, started } = start(command);
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const commands: Record<string, string[]> = {
  'compiled (node dist/server/index.js)': ['node', 'dist/server/index.js'],
  'development (tsx src/server/index.ts)': ['node_modules/.bin/tsx', 'src/server/index.ts'],
};

// The first start makes and migrates the database; it is not what we measure.
await timeToHealth(commands['compiled (node dist/server/index.js)']!);
for (const [name, command] of Object.entries(commands)) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) times.push(await timeToHealth(command));
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${name}: median ${Math.round(median)} ms (${Math.round(times[0]!)}-${Math.round(times.at(-1)!)} ms, ${RUNS} starts)`,
  );
}
rmSync(dataDir, { recursive: true, force: true });
