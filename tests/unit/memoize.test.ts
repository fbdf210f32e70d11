/** memoize (shared/memoize.ts): a pure function's answers kept for its last keys. */
import { describe, expect, it } from 'vitest';
import { formatSydneyDateTime } from '../../src/shared/marketplace/time.ts';
import { memoize } from '../../src/shared/memoize.ts';
import { formatPhone, storedPhone } from '../../src/shared/validation/phone.ts';

describe('memoize', () => {
  it('computes a key once, and forgets the oldest key past its size', () => {
    const calls: string[] = [];
    const upper = memoize((s: string) => {
      calls.push(s);
      return s.toUpperCase();
    }, 2);
    expect([upper('a'), upper('a'), upper('b')]).toEqual(['A', 'A', 'B']);
    expect(calls).toEqual(['a', 'b']);
    upper('c'); // 'a' is forgotten
    expect(upper('b')).toBe('B');
    expect(upper('a')).toBe('A');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps a falsy answer too', () => {
    let calls = 0;
    const none = memoize((_: string) => {
      calls += 1;
      return null;
    });
    expect([none('x'), none('x')]).toEqual([null, null]);
    expect(calls).toBe(1);
  });

  it('gives the same words for a stored number and a time however often they are asked', () => {
    const once = [formatPhone('+61412345678'), formatSydneyDateTime('2026-11-27T18:30:00Z')];
    for (let i = 0; i < 3; i += 1) {
      expect([formatPhone('+61412345678'), formatSydneyDateTime(new Date('2026-11-27T18:30:00Z'))]).toEqual(
        once,
      );
    }
    expect(once).toEqual(['0412 345 678', 'Sat 28 Nov 2026, 5:30 am']);
    expect(storedPhone('+61249811234')).toMatchObject({ mobile: false, written: null });
  });
});
