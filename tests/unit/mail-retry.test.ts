/** The mail worker's retry schedule and the Message-ID domain. */
import { describe, expect, it } from 'vitest';
import { messageIdDomain, newMessageId } from '../../src/server/services/mail.ts';
import {
  defaultMailRetryDelayMs,
  MAIL_LEASE_MS,
  MAIL_RETRY,
  MAIL_SEND_TIMEOUT_MS,
} from '../../src/server/services/mail-worker.ts';

describe('mail retry schedule', () => {
  it('waits 10 s after the first failure, doubling up to 10 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(defaultMailRetryDelayMs)).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000, 600_000,
    ]);
  });

  it('keeps trying for 24 hours: about 150 attempts', () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed <= MAIL_RETRY.giveUpAfterMs) {
      attempts += 1;
      elapsed += defaultMailRetryDelayMs(attempts);
    }
    expect(attempts).toBeGreaterThan(140);
    expect(attempts).toBeLessThan(160);
  });

  it('leases a claimed mail for longer than a send may take', () => {
    expect(MAIL_LEASE_MS).toBeGreaterThan(MAIL_SEND_TIMEOUT_MS);
  });
});

describe('Message-ID', () => {
  it('takes the domain of the From address', () => {
    expect(messageIdDomain('ShuttleQuote <no-reply@Mail.Example.com>')).toBe('mail.example.com');
    expect(messageIdDomain('support@shuttlequote.example')).toBe('shuttlequote.example');
    expect(messageIdDomain('nonsense')).toBe('localhost');
    expect(newMessageId('example.com')).toMatch(
      /^<[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}@example\.com>$/,
    );
  });
});
