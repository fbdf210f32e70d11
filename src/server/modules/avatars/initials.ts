/**
 * The initials picture of SPEC §7 (name, size 128, background 1e40af, color ffffff, rounded, bold, format
 * svg), drawn by the app. Every value is validated; the text is escaped.
 */
import { AVATAR } from '../../../shared/constants.ts';

export interface InitialsOptions {
  name: string;
  size: number;
  background: string;
  color: string;
  rounded: boolean;
  bold: boolean;
}

const HEX = /^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const INITIALS_SIZE = { min: 16, max: 512 } as const;

function hex(value: string | undefined, fallback: string): string {
  const v = value?.trim().replace(/^#/, '');
  return v && HEX.test(v) ? v.toLowerCase() : fallback;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['true', '1', 'yes'].includes(value.toLowerCase());
}

export function parseInitialsQuery(q: Record<string, string | undefined>): InitialsOptions {
  const n = Number.parseInt(q.size ?? '', 10);
  const size = Number.isFinite(n)
    ? Math.min(INITIALS_SIZE.max, Math.max(INITIALS_SIZE.min, n))
    : AVATAR.generatedSize;
  const name = (q.name ?? '').trim().slice(0, 100) || 'User';
  return {
    name,
    size,
    background: hex(q.background, AVATAR.background),
    color: hex(q.color, AVATAR.color),
    rounded: flag(q.rounded, false),
    bold: flag(q.bold, false),
  };
}

/** Up to two letters: first and last word's first letters, or the first two of a single word. */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/[\s'-]+/)
    .filter(Boolean);
  if (words.length === 0) return 'U';
  const letters =
    words.length > 1 ? `${[...words[0]!][0]}${[...words.at(-1)!][0]}` : [...words[0]!].slice(0, 2).join('');
  return letters.toUpperCase();
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function initialsSvg(o: InitialsOptions): string {
  const s = o.size;
  const text = escapeXml(initials(o.name));
  const shape = o.rounded
    ? `<circle cx="${s / 2}" cy="${s / 2}" r="${s / 2}" fill="#${o.background}"/>`
    : `<rect width="${s}" height="${s}" fill="#${o.background}"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" role="img" aria-label="${escapeXml(o.name)}">`,
    `<title>${escapeXml(o.name)}</title>`,
    shape,
    `<text x="50%" y="50%" dy=".1em" fill="#${o.color}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="${Math.round(s * 0.42)}" font-weight="${o.bold ? 700 : 400}" text-anchor="middle" dominant-baseline="middle">${text}</text>`,
    '</svg>',
  ].join('');
}
