/** ADR 038: which texts get a name, and that the number of names stays bounded. */
import { describe, expect, it } from 'vitest';
import { AUTO_PREPARE, StatementNames } from '../../src/server/db/statement-names.ts';

describe('StatementNames', () => {
  it('names a text from its AUTO_PREPARE.after-th call on, always the same name', () => {
    const names = new StatementNames();
    const text = 'select 1 where $1::int = 1';
    const got = Array.from({ length: AUTO_PREPARE.after + 2 }, () => names.nameFor(text));
    expect(got.slice(0, AUTO_PREPARE.after - 1)).toEqual(Array(AUTO_PREPARE.after - 1).fill(undefined));
    const name = got[AUTO_PREPARE.after - 1];
    expect(name).toMatch(/^a_[A-Za-z0-9_-]{20}$/);
    expect(got.slice(AUTO_PREPARE.after - 1)).toEqual(Array(3).fill(name));
    // Another process names the same text the same way.
    const other = new StatementNames();
    let again: string | undefined;
    for (let k = 0; k < AUTO_PREPARE.after; k += 1) again = other.nameFor(text);
    expect(again).toBe(name);
  });

  it('gives different texts different names, and no more than AUTO_PREPARE.maxNames', () => {
    const names = new StatementNames();
    const seen = new Set<string>();
    for (let i = 0; i < AUTO_PREPARE.maxNames + 50; i += 1) {
      const text = `select $1::int + ${i}`;
      let name: string | undefined;
      for (let k = 0; k < AUTO_PREPARE.after; k += 1) name = names.nameFor(text);
      if (name) seen.add(name);
    }
    expect(seen.size).toBe(AUTO_PREPARE.maxNames);
    expect(names.size).toBe(AUTO_PREPARE.maxNames);
    // A text named before the cap keeps its name.
    let first: string | undefined;
    for (let k = 0; k < AUTO_PREPARE.after; k += 1) first = names.nameFor('select $1::int + 0');
    expect(first).toBeDefined();
  });
});
