/** /sitemap.xml and /robots.txt (issue 5): the public pages in, the signed-in area out. */
import { disallowedPrefixes, sitemapPaths } from './pages.ts';

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function sitemapXml(appUrl: string): string {
  const urls = sitemapPaths().map((p) => {
    const loc = `${appUrl}${p === '/' ? '/' : p}`;
    const priority = p === '/' ? '1.0' : '0.7';
    return `  <url><loc>${escapeXml(loc)}</loc><changefreq>monthly</changefreq><priority>${priority}</priority></url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Allows the public pages, keeps crawlers out of the signed-in area and the API, names the sitemap. */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPrefixes().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
