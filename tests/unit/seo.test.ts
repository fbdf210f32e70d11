/** Issue 5 "Found and shared": the server-rendered metadata, JSON-LD, sitemap and robots.txt. */
import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from '../../src/server/seo/crawl.ts';
import { disallowedPrefixes, isPagePath, publicPageMeta, sitemapPaths } from '../../src/server/seo/pages.ts';
import {
  renderNotFoundHtml,
  renderPageHtml,
  withAccessibilityDefaults,
} from '../../src/server/seo/render.ts';
import { type SiteInfo, serializeJsonLd, structuredData } from '../../src/server/seo/structured-data.ts';
import { PRICE_PER_KM_AUD } from '../../src/shared/constants.ts';
import { FAQ_ENTRIES, HOW_IT_WORKS_STEPS, PUBLIC_PAGES } from '../../src/shared/public-content.ts';
import {
  APP_ROUTES,
  DEV_APP_ROUTES,
  isAppRoute,
  matchesRoute,
  PUBLIC_ROUTES,
} from '../../src/shared/roles.ts';

const SITE: SiteInfo = {
  brandName: 'ShuttleQuote',
  appUrl: 'https://shuttle.example',
  supportEmail: 'help@shuttle.example',
  driversEmail: 'drivers@shuttle.example',
  supportPhone: '+61 2 4000 0000',
};

// The shape of src/web/index.html after Vite's build.
const TEMPLATE = `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <title>ShuttleQuote</title>
    <meta name="description" content="Generic description." />
    <meta name="app-config" content="{}" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>This app needs JavaScript to run.</noscript>
  </body>
</html>`;

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}

function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  return html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];
}

describe('renderPageHtml', () => {
  it('gives every public route its title, description, canonical, social tags and heading', () => {
    for (const path of PUBLIC_ROUTES) {
      const page = publicPageMeta(path);
      expect(page, path).toBeDefined();
      if (!page) continue;
      const html = renderPageHtml(TEMPLATE, path, SITE);
      const title = `${page.title} | ShuttleQuote`.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
      expect(html).toContain(`<title>${title}</title>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(meta(html, 'property', 'og:title')).toBe(title);
      expect(meta(html, 'property', 'og:url')).toBe(`https://shuttle.example${path}`);
      expect(meta(html, 'name', 'twitter:card')).toBe('summary');
      expect(html).toContain(`<link rel="canonical" href="https://shuttle.example${path}" />`);
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    }
  });

  it('gives the home page the Service data and puts the rendered page in #root, marked prerendered', () => {
    const html = renderPageHtml(TEMPLATE, '/', SITE, '<main><h1>Home</h1></main>');
    expect(html).toContain('<div id="root" data-prerendered=""><main><h1>Home</h1></main></div>');
    expect(meta(html, 'name', 'description')).toBe(PUBLIC_PAGES['/'].description);
    const [service] = jsonLd(html);
    expect(service).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Service',
      areaServed: { '@type': 'State', name: 'New South Wales' },
      offers: {
        '@type': 'Offer',
        priceSpecification: { price: PRICE_PER_KM_AUD, priceCurrency: 'AUD', unitCode: 'KMT' },
      },
    });
    expect(html).not.toContain('name="robots"');
  });

  it('renders the FAQ with its questions and FAQPage data', () => {
    for (const path of ['/faq', '/driver-faq']) {
      const html = renderPageHtml(TEMPLATE, path, SITE);
      const [faq] = jsonLd(html);
      expect(faq?.['@type']).toBe('FAQPage');
      const entities = faq?.mainEntity as { '@type': string; name: string; acceptedAnswer: unknown }[];
      expect(entities).toHaveLength(FAQ_ENTRIES.length);
      expect(entities[0]).toEqual({
        '@type': 'Question',
        name: FAQ_ENTRIES[0]?.question,
        acceptedAnswer: { '@type': 'Answer', text: FAQ_ENTRIES[0]?.answer },
      });
    }
  });

  it('describes /how-it-works, /about and /support with HowTo, AboutPage and ContactPage', () => {
    const howTo = jsonLd(renderPageHtml(TEMPLATE, '/how-it-works', SITE))[0];
    expect(howTo?.['@type']).toBe('HowTo');
    expect(howTo?.step).toHaveLength(HOW_IT_WORKS_STEPS.length);
    expect(jsonLd(renderPageHtml(TEMPLATE, '/about', SITE))[0]?.['@type']).toBe('AboutPage');
    const contact = jsonLd(renderPageHtml(TEMPLATE, '/support', SITE))[0];
    expect(contact).toMatchObject({
      '@type': 'ContactPage',
      mainEntity: {
        contactPoint: {
          '@type': 'ContactPoint',
          email: 'help@shuttle.example',
          telephone: '+61 2 4000 0000',
          hoursAvailable: {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: [
              'https://schema.org/Monday',
              'https://schema.org/Tuesday',
              'https://schema.org/Wednesday',
              'https://schema.org/Thursday',
              'https://schema.org/Friday',
            ],
            opens: '08:00',
            closes: '20:00',
          },
        },
      },
    });
    expect(jsonLd(renderPageHtml(TEMPLATE, '/driver-support', SITE))[0]).toMatchObject({
      mainEntity: { contactPoint: { email: 'drivers@shuttle.example' } },
    });
  });

  it('treats a trailing slash as the same page', () => {
    expect(renderPageHtml(TEMPLATE, '/about/', SITE)).toBe(renderPageHtml(TEMPLATE, '/about', SITE));
  });

  it('marks test and utility screens noindex, and gives other paths the brand title and noindex', () => {
    expect(renderPageHtml(TEMPLATE, '/test-page', SITE)).toContain(
      '<meta name="robots" content="noindex" />',
    );
    const app = renderPageHtml(TEMPLATE, '/dashboard', SITE);
    expect(app).toContain('<title>ShuttleQuote</title>');
    expect(app).toContain('<meta name="robots" content="noindex" />');
    expect(app).toContain('<div id="root"></div>');
    expect(jsonLd(app)).toEqual([]);
  });

  it('escapes settings in HTML and JSON-LD so nothing can break out of a tag or a script', () => {
    const evil: SiteInfo = { ...SITE, brandName: '</script><script>alert(1)</script>"&' };
    const html = renderPageHtml(TEMPLATE, '/', evil);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>Pre-booked shuttle rides in Port Stephens | &lt;/script&gt;');
    const [service] = jsonLd(html);
    expect(service?.provider).toMatchObject({ name: evil.brandName });
    expect(serializeJsonLd({ a: '</script>&\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u0026\\u2028"}');
  });

  it('throws when the template lost a part it must replace', () => {
    expect(() => renderPageHtml('<html><head></head><body></body></html>', '/', SITE)).toThrow(/title/);
  });

  it('has no structured data for pages that need none', () => {
    expect(structuredData('/terms', SITE)).toEqual([]);
    expect(structuredData('/nowhere', SITE)).toEqual([]);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages with absolute URLs, not the test and signed-in screens', () => {
    const xml = sitemapXml('https://shuttle.example');
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const p of ['/', '/about', '/how-it-works', '/faq', '/support', '/privacy', '/login', '/signup']) {
      expect(xml).toContain(`<loc>https://shuttle.example${p}</loc>`);
    }
    for (const p of ['/signup/test', '/signup/test-driver', '/test-page', '/success', '/reset-password']) {
      expect(xml).not.toContain(`<loc>https://shuttle.example${p}</loc>`);
    }
    expect(xml).not.toContain('/dashboard');
  });

  it('keeps crawlers out of the signed-in area but never off a page in the sitemap', () => {
    const txt = robotsTxt('https://shuttle.example');
    for (const p of ['/dashboard', '/profile', '/settings', '/bookings', '/booking/', '/admin', '/api/']) {
      expect(txt).toContain(`\nDisallow: ${p}\n`);
    }
    expect(txt).toContain('Sitemap: https://shuttle.example/sitemap.xml');
    for (const page of sitemapPaths()) {
      for (const prefix of disallowedPrefixes())
        expect(page.startsWith(prefix), `${prefix} ${page}`).toBe(false);
    }
    // And every signed-in route is covered by some Disallow line.
    for (const p of [
      '/my-quotes',
      '/available-rides',
      '/driver-profile',
      '/edit-ride/1',
      '/admin-dashboard',
    ]) {
      expect(disallowedPrefixes().some((d) => p.startsWith(d) || matchesRoute(d, p))).toBe(true);
    }
  });
});

describe('withAccessibilityDefaults', () => {
  it('puts the default accessibility settings on <html>, as the browser applies them', () => {
    const html = withAccessibilityDefaults(TEMPLATE);
    expect(html).toContain('<html lang="en-AU" data-focus-indicators="strong" data-keyboard-nav="on">');
    expect(html).not.toContain('data-contrast');
  });
});

describe('which paths are pages (issue 12: unknown paths are 404)', () => {
  // Importing the route tree loads React and the router: slow on a busy machine.
  it('knows exactly the routes of the web app', { timeout: 30_000 }, async () => {
    // The web app's route tree (what the browser's router and the server renderer use).
    const { routes } = await import('../../src/web/app/routes.tsx');
    const paths = (routes[0]?.children ?? []).map((r) => r.path).filter((p): p is string => Boolean(p));
    const pages = paths.filter((p) => p !== '*');
    expect(paths).toContain('*');
    // The development mailbox is only in a development build's tree; the test build is one.
    expect([...pages].sort()).toEqual([...APP_ROUTES, ...DEV_APP_ROUTES].sort());
  });

  it('matches like the router: one segment per :id, any case, a trailing slash ignored', () => {
    for (const p of [
      '/',
      '/about',
      '/about/',
      '/About',
      '/booking/123',
      '/edit-ride/x',
      '/admin/bookings/9',
    ]) {
      expect(isAppRoute(p), p).toBe(true);
    }
    for (const p of [
      '/no-such-page',
      '/booking',
      '/booking/',
      '/booking/1/2',
      '/customer/x',
      '/driver/x',
      '/admin/x',
      '/index.html',
      '/dev/mailbox',
    ]) {
      expect(isAppRoute(p), p).toBe(false);
    }
    expect(isAppRoute('/dev/mailbox', { dev: true })).toBe(true);
    expect(isPagePath('/dev/mailbox', 'development')).toBe(true);
    expect(isPagePath('/dev/mailbox', 'production')).toBe(false);
  });

  it('every page in the sitemap is a page of the app', () => {
    for (const p of sitemapPaths()) expect(isAppRoute(p), p).toBe(true);
  });

  it('renders the not-found page with its own title, noindex and no canonical URL', () => {
    const html = renderNotFoundHtml(TEMPLATE, SITE, '<main><h1>Page not found</h1></main>');
    expect(html).toContain('<title>Page Not Found | ShuttleQuote</title>');
    expect(html).toContain('<meta name="description" content="The page you asked for does not exist." />');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('canonical');
    expect(html).toContain('<div id="root" data-prerendered=""><main><h1>Page not found</h1></main></div>');
  });
});
