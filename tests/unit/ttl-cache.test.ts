import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../src/server/services/ttl-cache.ts';

describe('TtlCache', () => {
  it('serves an entry until its time is up, then forgets it', () => {
    const cache = new TtlCache<string, number>(1000, 10);
    cache.set('a', 1, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the oldest first', () => {
    const cache = new TtlCache<string, number>(1000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect([cache.get('b', 1), cache.get('c', 1)]).toEqual([2, 3]);
  });

  it('many(): loads only the missing keys, once, and keeps them', async () => {
    const cache = new TtlCache<string, string>(1000, 10);
    cache.set('a', 'A', 0);
    const asked: string[][] = [];
    const load = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.map((k) => [k, k.toUpperCase()]));
    };
    const first = await cache.many(['a', 'b', 'b', 'c'], load, 10);
    expect(Object.fromEntries(first)).toEqual({ a: 'A', b: 'B', c: 'C' });
    expect(asked).toEqual([['b', 'c']]);
    await cache.many(['a', 'b', 'c'], load, 20);
    expect(asked).toHaveLength(1);
    // After the time is up, everything is asked again.
    await cache.many(['a', 'b'], load, 2000);
    expect(asked[1]).toEqual(['a', 'b']);
  });
});
