/**
 * Server-side page HTML for crawlers and link previews that run no JavaScript (issue 5, "Found and
 * shared"): the built index.html with, for each public route, its title ("Page | Brand"), description,
 * canonical URL, Open Graph and Twitter tags, JSON-LD, and the page's main content as static markup
 * inside #root. The browser app replaces that markup when it starts (createRoot, not hydration).
 */
import { FAQ_ENTRIES, HOW_IT_WORKS_STEPS } from '../../shared/public-content.ts';
import { NOINDEX_PATHS, normalisePath, publicPageMeta } from './pages.ts';
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

/** The page's main content as static markup, styled like the app shell so the swap barely moves. */
function bodyMarkup(path: string, site: SiteInfo, heading: string, description: string): string {
  const e = escapeHtml;
  const parts = [
    `<h1 class="text-3xl font-bold text-slate-900">${e(heading)}</h1>`,
    `<p class="mt-4 text-lg text-slate-700">${e(description)}</p>`,
  ];
  if (path === '/' || path === '/how-it-works') {
    parts.push(
      `<ol class="mt-8 flex flex-col gap-4">${HOW_IT_WORKS_STEPS.map(
        (s, i) =>
          `<li><h2 class="text-xl font-semibold">${i + 1}. ${e(s.name)}</h2><p class="mt-1 text-slate-700">${e(s.text)}</p></li>`,
      ).join('')}</ol>`,
    );
  }
  if (path === '/faq' || path === '/driver-faq') {
    parts.push(
      `<div class="mt-8 flex flex-col gap-6">${FAQ_ENTRIES.map(
        (q) =>
          `<section><h2 class="text-xl font-semibold">${e(q.question)}</h2><p class="mt-1 text-slate-700">${e(q.answer)}</p></section>`,
      ).join('')}</div>`,
    );
  }
  if (path === '/support' || path === '/driver-support') {
    const email = path === '/support' ? site.supportEmail : site.driversEmail;
    const phone = site.supportPhone
      ? ` or phone <a href="tel:${e(site.supportPhone.replace(/\s+/g, ''))}">${e(site.supportPhone)}</a>`
      : '';
    parts.push(
      `<p class="mt-4 text-slate-700">E-mail <a href="mailto:${e(email)}">${e(email)}</a>${phone}.</p>`,
    );
  }
  return [
    '<div class="flex min-h-screen flex-col" data-prerendered="">',
    '<a href="#main-content" class="sr-only z-[70] rounded-md bg-white px-4 py-2 font-semibold text-brand-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4">Skip to content</a>',
    `<header class="sticky top-0 z-40 bg-brand text-slate-950 shadow"><div class="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4"><span class="text-xl font-bold">${e(site.brandName)}</span></div></header>`,
    `<main id="main-content" tabindex="-1" class="mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none"><article class="max-w-3xl">${parts.join('')}</article></main>`,
    '</div>',
  ].join('');
}

function replaceOrThrow(html: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(html)) throw new Error(`index.html has no ${what} to replace`);
  return html.replace(pattern, () => replacement);
}

/**
 * The HTML for a request path. `template` is the built index.html (app-config already filled in).
 * Public routes get their metadata, JSON-LD and content; any other path gets the brand title and noindex
 * (the signed-in app, or the app's own not-found page).
 */
export function renderPageHtml(template: string, requestPath: string, site: SiteInfo): string {
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
  return replaceOrThrow(
    html,
    /<div id="root">\s*<\/div>/,
    `<div id="root">${bodyMarkup(path, site, meta.heading, meta.description)}</div>`,
    'empty #root',
  );
}
