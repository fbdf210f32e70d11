/** Issue 30: the late rule of /admin/today, the dashboard and the late alerts (src/shared/marketplace/late.ts). */
import { describe, expect, it } from 'vitest';
import { lateness } from '../../src/shared/marketplace/late.ts';

const PICKUP = new Date('2026-11-27T19:30:00Z');
const at = (minutes: number) => new Date(PICKUP.getTime() + minutes * 60_000);
const confirmed = (tripStatus: string | null) => ({ status: 'confirmed', tripStatus, pickupAt: PICKUP });

describe('lateness', () => {
  it('is not late before 30 minutes ahead of pickup, whatever the status', () => {
    expect(lateness(confirmed(null), at(-31))).toBeNull();
  });

  it('is "not on the way" from 30 minutes before pickup without a status, also after pickup', () => {
    expect(lateness(confirmed(null), at(-30))).toBe('not_on_the_way');
    expect(lateness(confirmed(null), at(0))).toBe('not_on_the_way');
    expect(lateness(confirmed(null), at(60))).toBe('not_on_the_way');
  });

  it('is "not arrived" from 10 minutes after pickup while only on the way', () => {
    expect(lateness(confirmed('on_the_way'), at(-30))).toBeNull();
    expect(lateness(confirmed('on_the_way'), at(9))).toBeNull();
    expect(lateness(confirmed('on_the_way'), at(10))).toBe('not_arrived');
  });

  it('is never late once arrived or later, or when not confirmed', () => {
    for (const s of ['arrived', 'on_board', 'dropped_off'])
      expect(lateness(confirmed(s), at(120))).toBeNull();
    for (const status of ['completed', 'cancelled'])
      expect(lateness({ status, tripStatus: null, pickupAt: PICKUP.toISOString() }, at(20))).toBeNull();
  });
});
