/**
 * bench/load/wrk.ts reads wrk's report (LOAD=wrk in bench/http.ts): the figures a bench row is made of.
 */
import { describe, expect, it } from 'vitest';
import { parseWrk, wrkMs } from '../../bench/load/wrk.ts';

// wrk 4.1.0's report with --latency; its percentile lines end with a space when the unit is one letter.
const REPORT = `Running 10s test @ http://127.0.0.1:3981/api/rides/available
  1 threads and 200 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    68.10ms  168.37ms   1.99s    96.44%
    Req/Sec     4.27k     1.72k    6.77k    69.00%
  Latency Distribution
     50%   37.07ms
     75%   46.86ms
     90%   71.80ms
     99%    1.07s 
  42694 requests in 10.06s, 849.71MB read
  Socket errors: connect 0, read 2, write 0, timeout 87
  Non-2xx or 3xx responses: 5
Requests/sec:   4243.75
Transfer/sec:     84.46MB
`;

describe("wrk's report", () => {
  it('gives the requests, the rate, p50 and p99 in ms, and every error counted', () => {
    expect(parseWrk(REPORT)).toEqual({ requests: 42694, rps: 4243.75, p50: 37.07, p99: 1070, errors: 94 });
  });

  it('reads a report without errors as none', () => {
    const clean = REPORT.replace(/ {2}Socket errors.*\n/, '').replace(/ {2}Non-2xx.*\n/, '');
    expect(parseWrk(clean).errors).toBe(0);
  });

  it('converts every unit wrk prints, and refuses what it cannot read', () => {
    expect([wrkMs('812.00us'), wrkMs('3.5ms'), wrkMs('1.02s'), wrkMs('2.00m')]).toEqual([
      0.812, 3.5, 1020, 120_000,
    ]);
    expect(() => wrkMs('fast')).toThrow(/unreadable/);
  });
});
