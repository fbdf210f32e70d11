/**
 * Issue 16, no account enumeration through timing. The probe's finding: forgot-password took 52 ms for an
 * address with an account and 37 ms for one without (magic link 31 vs 19 ms). The work that differs now
 * happens after the answer (services/later.ts), so the answers take the same time. Measured as a ratio of
 * medians over interleaved requests, with the deferred work finished before the next request so neither
 * side pays for the other's. (Sign-up's answers are the same too: signup.test.ts.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, signUpAndConfirm, startServer, type TestServer, uniqueEmail } from './helpers.ts';

const ROUNDS = 25;
/** Known / unknown medians must be this close: the probe's 1.4 and 1.6 fail it. */
const MAX_RATIO = 1.25;

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe.each(databaseKinds())('no account enumeration by timing (%s)', (kind) => {
  let server: TestServer;
  let known: string;
  beforeAll(async () => {
    server = await startServer(kind);
    known = (await signUpAndConfirm(server)).email;
  });
  afterAll(() => server?.close());

  /** Milliseconds to the answer of one request (200 expected), then waits for the work after it. */
  async function timed(path: string, email: string): Promise<number> {
    // The per-address limits (3 an hour) are not what is measured here.
    await server.db.execute(sql`delete from rate_limits`);
    const client = server.client();
    const started = performance.now();
    const res = await client.post(path, { email });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    await server.deps.later.drain();
    return ms;
  }

  it.each([
    ['probe: forgot-password', '/api/account/forgot-password'],
    ['probe: magic link', '/api/account/magic-link'],
  ])('%s answers as fast for an address with an account as for one without', async (_name, path) => {
    const unknown = uniqueEmail('nobody');
    // Warm-up: the first requests compile and cache.
    await timed(path, known);
    await timed(path, unknown);
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which goes first, so drift over the run hits both alike.
      if (i % 2 === 0) {
        knownMs.push(await timed(path, known));
        unknownMs.push(await timed(path, unknown));
      } else {
        unknownMs.push(await timed(path, unknown));
        knownMs.push(await timed(path, known));
      }
    }
    const ratio = median(knownMs) / median(unknownMs);
    expect(
      ratio,
      `known ${median(knownMs).toFixed(1)} ms, unknown ${median(unknownMs).toFixed(1)} ms`,
    ).toBeLessThan(MAX_RATIO);
    expect(ratio).toBeGreaterThan(1 / MAX_RATIO);
  });
});
