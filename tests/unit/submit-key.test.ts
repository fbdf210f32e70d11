/** The web app's one-key-per-submit rule (src/web/lib/submit-key.ts). */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/web/lib/api.ts';
import { fingerprintOf, SubmitKey } from '../../src/web/lib/submit-key.ts';

const body = { pickup: 'Nelson Bay', passengers: 2, items: ['surfboard'] };

describe('SubmitKey', () => {
  it('the same body gets the same key until it has an answer; equal bodies match whatever their key order', () => {
    const keys = new SubmitKey();
    const first = keys.keyFor(body);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys.keyFor({ items: ['surfboard'], passengers: 2, pickup: 'Nelson Bay' })).toBe(first);
    expect(fingerprintOf({ a: 1, b: 2 })).toBe(fingerprintOf({ b: 2, a: 1 }));
  });

  it('a changed body gets a new key', () => {
    const keys = new SubmitKey();
    const first = keys.keyFor(body);
    expect(keys.keyFor({ ...body, passengers: 3 })).not.toBe(first);
  });

  it('a double click: both sends share the key; after success the next submit gets a new one', async () => {
    const keys = new SubmitKey();
    const sent: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const send = async (key: string) => {
      sent.push(key);
      await gate;
      return 'ok';
    };
    const both = Promise.all([keys.run(body, send), keys.run(body, send)]);
    release();
    await both;
    expect(sent[0]).toBe(sent[1]);
    expect(keys.keyFor(body)).not.toBe(sent[0]);
  });

  it('no answer (network, timeout), a 5xx or "in progress" keeps the key for the retry', async () => {
    for (const error of [
      new ApiError(0, 'network', 'Failed to fetch'),
      new ApiError(0, 'timeout', 'The request timed out.'),
      new ApiError(502, 'internal', 'Bad gateway'),
      new ApiError(409, 'idempotency_in_progress', 'Still running'),
    ]) {
      const keys = new SubmitKey();
      let used = '';
      await expect(
        keys.run(body, async (key) => {
          used = key;
          throw error;
        }),
      ).rejects.toBe(error);
      expect(keys.keyFor(body)).toBe(used);
    }
  });

  it('a refusal (4xx) settles the submit: the next try is a new request', async () => {
    const keys = new SubmitKey();
    let used = '';
    await expect(
      keys.run(body, async (key) => {
        used = key;
        throw new ApiError(409, 'conflict', 'The driver changed the price.');
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(keys.keyFor(body)).not.toBe(used);
  });

  it('files are told apart by name, size, type and date', () => {
    const a = new File(['abc'], 'a.png', { type: 'image/png', lastModified: 1 });
    const b = new File(['abcd'], 'a.png', { type: 'image/png', lastModified: 1 });
    expect(fingerprintOf({ screenshot: a })).toBe(
      fingerprintOf({ screenshot: new File(['xyz'], 'a.png', { type: 'image/png', lastModified: 1 }) }),
    );
    expect(fingerprintOf({ screenshot: a })).not.toBe(fingerprintOf({ screenshot: b }));
  });
});
