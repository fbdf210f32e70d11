/**
 * A few lines of DOM building for the public pages' small scripts (no React on those pages, ADR 034):
 * h() makes an element with attributes, listeners and children; icon() an inline SVG drawn like the
 * app's lucide icons (same attributes), for the few the scripts add themselves.
 */
type Attr = string | number | boolean | null | undefined | ((event: Event) => void);
export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, Attr> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) el.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';

/** Path data of the lucide icons the scripts draw (lucide-react's own, version in package.json). */
export const ICON_PATHS = {
  x: ['M18 6 6 18', 'm6 6 12 12'],
  minus: ['M5 12h14'],
  plus: ['M5 12h14', 'M12 5v14'],
  'wifi-off': [
    'M12 20h.01',
    'M8.5 16.429a5 5 0 0 1 7 0',
    'M5 12.859a10 10 0 0 1 5.17-2.69',
    'M19 12.859a10 10 0 0 0-2.007-1.523',
    'M2 8.82a15 15 0 0 1 4.177-2.643',
    'M22 8.82a15 15 0 0 0-11.288-3.764',
    'm2 2 20 20',
  ],
  'refresh-cw': [
    'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8',
    'M21 3v5h-5',
    'M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16',
    'M8 16H3v5',
  ],
} as const;

export function icon(name: keyof typeof ICON_PATHS, className: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const attrs = {
    xmlns: SVG,
    width: '24',
    height: '24',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    class: `lucide lucide-${name} ${className}`,
    'aria-hidden': 'true',
  };
  for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v);
  for (const d of ICON_PATHS[name]) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

/** A copy of an icon already on the page (the header's), with its own size classes instead of the original's. */
export function copyIcon(source: Element | null | undefined, className: string): SVGElement | null {
  const svg = source?.querySelector('svg');
  if (!svg) return null;
  const copy = svg.cloneNode(true) as SVGElement;
  const kept = [...copy.classList].filter((c) => !/^(h|w|shrink)-/.test(c));
  copy.setAttribute('class', [...kept, className].join(' '));
  return copy;
}

/** Unique ids for labels and controls the scripts add. */
let counter = 0;
export const newId = (prefix: string) => `${prefix}-${++counter}`;
