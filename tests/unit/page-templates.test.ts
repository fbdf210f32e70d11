/**
 * The two pages the web build starts from (ADR 034): index.html starts the React app, static-page.html
 * wires the public content pages without it. Their heads are one fact (title, description, theme colour,
 * icon, the config tag the server fills): static-page.html must stay index.html with only its entry
 * script changed, so a change made to one is not missing from the other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(path.join(import.meta.dirname, '../../src/web', file), 'utf8');

describe('page templates', () => {
  it('static-page.html is index.html with its own entry script', () => {
    const app = read('index.html');
    const page = read('static-page.html');
    expect(app).toContain('<script type="module" src="./main.tsx"></script>');
    expect(page).toBe(
      app.replace(
        '<script type="module" src="./main.tsx"></script>',
        '<script type="module" src="./static-page.ts"></script>',
      ),
    );
  });
});
