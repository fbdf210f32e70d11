/**
 * Issue 18: one source for each design token. The style sheet's @theme holds them; components use the
 * theme's names (no hex colours, no switched-off palettes); the copies e-mails and charts need equal the
 * theme; and every text/background pairing docs/DESIGN.md lists meets WCAG AA (4.5:1, 3:1 for large text
 * and marks).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND, BRAND_TOKENS } from '../../src/shared/brand.ts';
import { HOW_IT_WORKS_STEPS } from '../../src/shared/public-content.ts';
import { ILLUSTRATIONS } from '../../src/web/components/ui/empty-state.tsx';

const root = path.resolve(import.meta.dirname, '../..');
const css = readFileSync(path.join(root, 'src/web/styles.css'), 'utf8');
const themeBlock = css.slice(css.indexOf('@theme {'), css.indexOf('}', css.indexOf('@theme {')));

function token(name: string): string {
  const m = themeBlock.match(new RegExp(`${name}:\\s*(#[0-9a-f]{6});`, 'i'));
  if (!m) throw new Error(`${name} is not in @theme`);
  return m[1]!.toLowerCase();
}

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const s = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(name) ? [full] : [];
  });
}

describe('design tokens', () => {
  it('the colours e-mails and charts use equal the theme', () => {
    for (const [key, variable] of Object.entries(BRAND_TOKENS)) {
      expect(BRAND[key as keyof typeof BRAND], key).toBe(token(variable));
    }
  });

  it('components use the theme: no hex colours and no blue, sky or indigo classes', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(path.join(root, 'src/web'))) {
      if (file.endsWith('styles.css')) continue;
      const text = readFileSync(file, 'utf8');
      // Illustrations and the brand mark take their colours from the theme's CSS variables too.
      for (const m of text.matchAll(/#[0-9a-fA-F]{6}\b|\b[a-z-]+-(?:blue|sky|indigo)-\d{2,3}\b/g)) {
        offenders.push(`${path.relative(root, file)}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the brand mark and the illustrations are drawn in the palette', () => {
    const palette = new Set(
      [...themeBlock.matchAll(/--color-[a-z]+-\d+:\s*(#[0-9a-f]{6});/gi)].map((m) => m[1]!.toLowerCase()),
    );
    palette.add('#ffffff');
    const dir = path.join(root, 'src/web/public/illustrations');
    const files = [
      path.join(root, 'src/web/public/favicon.svg'),
      ...readdirSync(dir).map((f) => path.join(dir, f)),
    ];
    expect(files.length).toBeGreaterThan(3);
    const strays: string[] = [];
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/#[0-9a-fA-F]{3,6}\b/g)) {
        const hex = m[0].toLowerCase() === '#fff' ? '#ffffff' : m[0].toLowerCase();
        if (!palette.has(hex)) strays.push(`${path.basename(file)}: ${m[0]}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('every illustration an empty state can name exists', () => {
    for (const name of [...ILLUSTRATIONS, ...HOW_IT_WORKS_STEPS.map((s) => s.picture), 'hero', 'vehicle']) {
      expect(statSync(path.join(root, `src/web/public/illustrations/${name}.svg`)).size).toBeGreaterThan(200);
    }
  });

  // The pairings docs/DESIGN.md lists: [text, background, minimum ratio].
  const pairings: [string, string, number][] = [
    ['#020617', '--color-brand-400', 4.5], // header text (Tailwind's slate-950) on the header's brand colour
    ['#ffffff', '--color-brand-600', 4.5], // primary button, links on white
    ['--color-brand-600', '--color-brand-50', 4.5], // links on the brand wash
    ['#ffffff', '--color-brand-900', 4.5], // hero and e-mail header text
    ['--color-brand-100', '--color-brand-900', 4.5], // hero body text
    ['--color-brand-950', '--color-sun-400', 4.5], // the recommended mark
    ['--color-sun-900', '--color-sun-100', 4.5], // the accent wash with its text
    ['--color-brand-800', '--color-brand-100', 4.5], // badges
    ['#ffffff', '--color-sea-700', 3], // chart marks
  ];
  it.each(pairings)('%s on %s meets %s:1', (fg, bg, min) => {
    const hex = (v: string) => (v.startsWith('#') ? v : token(v));
    expect(contrast(hex(fg), hex(bg))).toBeGreaterThanOrEqual(min);
  });
});
