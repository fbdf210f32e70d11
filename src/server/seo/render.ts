/**
 * Server-side page HTML for crawlers and link previews that run no JavaScript (issue 5, "Found and
 * shared"): the built index.html with, for each public route, its title ("Page | Brand"), description,
 * canonical URL, Open Graph and Twitter tags, JSON-LD, and the page itself inside #root, rendered by the
 * web app's own components (ssr.ts). The browser hydrates that markup.
 */
import { ACCESSIBILITY_DEFAULTS, accessibilityHtml } from '../../shared/preferences.ts';
import { NOINDEX_PATHS, NOT_FOUND_META, normalisePath, publicPageMeta } from './pages.ts';
import { type SiteInfo, serializeJsonLd, structuredData } from './structured-data.ts';

/** Escapes text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function fullTitle(title: string, brandName: string): string {
  return title ? `${title} | ${brandName}` : brandName;
}

function canonicalUrl(site: SiteInfo, path: string): string {
  return `${site.appUrl}${path === '/' ? '/' : path}`;
}

/** The head tags of one page (everything but <title>, which replaces the template's). */
function headTags(path: string, site: SiteInfo, title: string, description: string, index: boolean) {
  const url = canonicalUrl(site, path);
  const e = escapeHtml;
  const tags = [
    `<link rel="canonical" href="${e(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${e(site.brandName)}" />`,
    `<meta property="og:title" content="${e(title)}" />`,
    `<meta property="og:description" content="${e(description)}" />`,
    `<meta property="og:url" content="${e(url)}" />`,
    `<meta property="og:locale" content="en_AU" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${e(title)}" />`,
    `<meta name="twitter:description" content="${e(description)}" />`,
  ];
  if (!index) tags.push('<meta name="robots" content="noindex" />');
  for (const block of structuredData(path, site)) {
    tags.push(`<script type="application/ld+json">${serializeJsonLd(block)}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * Puts the default accessibility settings on the template's <html>, as the browser would (the entry
 * script changes them only for a visitor who saved other settings), so starting the app restyles nothing.
 */
export function withAccessibilityDefaults(template: string): string {
  const { attributes } = accessibilityHtml(ACCESSIBILITY_DEFAULTS);
  const extra = Object.entries(attributes)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => ` ${name}="${escapeHtml(value ?? '')}"`)
    .join('');
  const tag = template.match(/<html[^>]*>/)?.[0];
  if (!tag) throw new Error('index.html has no <html> to replace');
  return template.replace(tag, `${tag.slice(0, -1)}${extra}>`);
}

/**
 * The public content pages' template (static-page.html, ADR 034) naming the app's entry script (from the
 * built index.html) in a meta tag: the page loads it for a signed-in visitor, whose header is the app's.
 */
export function withAppEntry(staticTemplate: string, appTemplate: string): string {
  const entry = appTemplate.match(/<script type="module"[^>]*\ssrc="([^"]+)"/)?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  return replaceOrThrow(
    staticTemplate,
    /<\/head>/,
    `  <meta name="app-entry" content="${escapeHtml(entry)}" />\n  </head>`,
    '</head>',
  );
}

function replaceOrThrow(html: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(html)) throw new Error(`index.html has no ${what} to replace`);
  return html.replace(pattern, () => replacement);
}

/**
 * The HTML for a request path. `template` is the built index.html (app-config already filled in).
 * Public routes get their metadata and JSON-LD, and `appHtml` (the server-rendered page) in #root, marked
 * data-prerendered until the browser has hydrated it; any other path gets the brand title and noindex
 * (the signed-in app, or the app's own not-found page) and an empty #root.
 */
export function renderPageHtml(
  template: string,
  requestPath: string,
  site: SiteInfo,
  appHtml?: string | null,
): string {
  const path = normalisePath(requestPath);
  const meta = publicPageMeta(path);
  if (!meta) {
    let html = replaceOrThrow(
      template,
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(site.brandName)}</title>`,
      '<title>',
    );
    html = html.replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>');
    return html;
  }
  const title = fullTitle(meta.title, site.brandName);
  const index = !NOINDEX_PATHS.includes(path);
  let html = replaceOrThrow(
    template,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(title)}</title>`,
    '<title>',
  );
  html = replaceOrThrow(
    html,
    /<meta name="description" content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    'meta description',
  );
  html = replaceOrThrow(
    html,
    /<\/head>/,
    `  ${headTags(path, site, title, meta.description, index)}\n  </head>`,
    '</head>',
  );
  if (!appHtml) return html;
  return replaceOrThrow(
    html,
    /<div id="root">\s*<\/div>/,
    `<div id="root" data-prerendered="">${appHtml}</div>`,
    'empty #root',
  );
}

/**
 * The not-found page (answered with status 404 for any path that is no page of the app): its title and
 * description, noindex, no canonical URL, and `appHtml` (the app's own not-found page, rendered on the
 * server) in #root.
 */
export function renderNotFoundHtml(template: string, site: SiteInfo, appHtml?: string | null): string {
  let html = replaceOrThrow(
    template,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(fullTitle(NOT_FOUND_META.title, site.brandName))}</title>`,
    '<title>',
  );
  html = replaceOrThrow(
    html,
    /<meta name="description" content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(NOT_FOUND_META.description)}" />`,
    'meta description',
  );
  html = html.replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>');
  if (!appHtml) return html;
  return replaceOrThrow(
    html,
    /<div id="root">\s*<\/div>/,
    `<div id="root" data-prerendered="">${appHtml}</div>`,
    'empty #root',
  );
}
