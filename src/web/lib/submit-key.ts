/**
 * One Idempotency-Key per submit (ADR 012). A form keeps the key of its submit while the outcome is unknown,
 * so a double click, or a retry after a timeout or a dropped connection, sends the same key with the same
 * body and the API answers it once. A new key is made when the body changes, and once the submit has its
 * answer: a success, or a refusal (4xx) that created nothing. A 5xx or "still in progress" keeps the key.
 */
import { useState } from 'react';
import { ApiError } from './api.ts';

/** A random key: a UUID where the browser offers one (secure contexts), else 128 random bits in hex. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function normalise(value: unknown): unknown {
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    const file = value as Blob & { name?: string; lastModified?: number };
    return { blob: [file.name ?? '', file.size, file.type, file.lastModified ?? 0] };
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, normalise((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The same text for equal bodies, whatever the order of their keys; a file by name, size, type and date. */
export function fingerprintOf(body: unknown): string {
  return JSON.stringify(normalise(body)) ?? 'undefined';
}

/** An answer that settles the submit: success, or a refusal that created nothing. */
function isSettled(error: unknown): boolean {
  if (error === undefined) return true;
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.code !== 'idempotency_in_progress'
  );
}

export class SubmitKey {
  #current: { fingerprint: string; key: string } | null = null;

  /** The key for this body: the current one while the same body is being submitted, else a new one. */
  keyFor(body: unknown): string {
    const fingerprint = fingerprintOf(body);
    if (this.#current?.fingerprint !== fingerprint) this.#current = { fingerprint, key: newIdempotencyKey() };
    return this.#current.key;
  }

  /** After an answer to the request sent with `key` (error undefined: it succeeded). */
  settle(key: string, error?: unknown): void {
    if (this.#current?.key === key && isSettled(error)) this.#current = null;
  }

  /** Sends `body` with its key and settles it with the outcome. */
  async run<T>(body: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(body);
    try {
      const result = await send(key);
      this.settle(key);
      return result;
    } catch (err) {
      this.settle(key, err);
      throw err;
    }
  }
}

/** A SubmitKey for the life of a component (one form, one mutation hook). */
export function useSubmitKey(): SubmitKey {
  const [submitKey] = useState(() => new SubmitKey());
  return submitKey;
}
