/**
 * The design tokens that are needed outside the style sheet: e-mails (inline styles, no CSS variables) and
 * the admin dashboard's charts (canvas). The style sheet's @theme (src/web/styles.css) is the source of
 * every token; tests/unit/design-tokens.test.ts fails when a value here differs from it.
 */
import { HEADER_BRAND_COLOR } from './constants.ts';

export const BRAND = {
  /** The header's brand colour (SPEC: "a blue, about 4b89cc"), brand-400. */
  header: HEADER_BRAND_COLOR,
  /** Buttons and links, brand-600: white text on it reads at 6.9:1. */
  action: '#255a9c',
  /** The night navy of the hero and the e-mail header, brand-900: white on it 12.6:1. */
  night: '#16335c',
  /** Pale brand wash behind highlighted content, brand-50. */
  wash: '#f1f6fc',
  /** The warm accent, sun-400 (brand-950 text on it). */
  sun: '#f5a524',
  /** The second chart series, sea-700: 5.5:1 against white. */
  sea: '#0f766e',
} as const;

/** Which @theme variable each BRAND value must equal. */
export const BRAND_TOKENS: Record<keyof typeof BRAND, string> = {
  header: '--color-brand-400',
  action: '--color-brand-600',
  night: '--color-brand-900',
  wash: '--color-brand-50',
  sun: '--color-sun-400',
  sea: '--color-sea-700',
};
