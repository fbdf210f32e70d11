/**
 * Issue 29: every source file opens with a comment saying what it holds, so a newcomer can tell a file from
 * its first line without reading it through.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts')) yield full;
  }
}

it('every file in src/ opens with a comment saying what it holds', () => {
  const bare = [...sourceFiles(SRC)]
    .filter((file) => !/^\s*(\/\*|\/\/)/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(SRC, file));
  expect(bare).toEqual([]);
});
