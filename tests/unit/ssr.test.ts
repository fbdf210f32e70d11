/**
 * Issue 5: public pages are rendered on the server by the web app's own components (no summaries), so
 * what a crawler reads is what a person sees; signed-in and utility screens are left to the browser.
 */
import { describe, expect, it } from 'vitest';
import { createPageHtml } from '../../src/server/seo/ssr.ts';
import type { SiteInfo } from '../../src/server/seo/structured-data.ts';
import { FAQ_ENTRIES, HOW_IT_WORKS_STEPS, PUBLIC_PAGES } from '../../src/shared/public-content.ts';

const SITE: SiteInfo = {
  brandName: 'Port Shuttles',
  appUrl: 'https://shuttle.example',
  supportEmail: 'help@shuttle.example',
  driversEmail: 'drivers@shuttle.example',
  supportPhone: '02 4000 0000',
};
const TEMPLATE =
  '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

const errors: string[] = [];
const pageHtml = createPageHtml({
  template: TEMPLATE,
  site: SITE,
  publicConfig: { ...SITE, appEnv: 'production' },
  onError: (path, error) => errors.push(`${path}: ${String(error)}`),
});

/** Text of the first element matching a tag, with tags inside it removed. */
function text(html: string, tag: string): string | undefined {
  const m = html.match(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`));
  return m?.[1]?.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');
}

describe('server-rendered public pages', () => {
  it('renders every content page with its heading inside the shell', {
    timeout: 30_000,
  }, async () => {
    for (const path of Object.keys(PUBLIC_PAGES)) {
      const html = await pageHtml(path);
      expect(html, path).toContain('<div id="root" data-prerendered="">');
      expect(text(html, 'h1'), path).toBe(PUBLIC_PAGES[path as keyof typeof PUBLIC_PAGES].heading);
      expect(html, path).toContain('Skip to content');
      expect(html, path).toContain('<header');
      expect(html, path).toContain('<footer');
    }
    expect(errors).toEqual([]);
  });

  it('shows the settings and the content of the page, not a summary', async () => {
    const home = await pageHtml('/');
    for (const step of HOW_IT_WORKS_STEPS) expect(home).toContain(step.name);
    expect(home).toContain('Port Shuttles');
    const faq = await pageHtml('/faq');
    for (const entry of FAQ_ENTRIES) expect(faq).toContain(entry.question.replace(/'/g, '&#x27;'));
    const support = await pageHtml('/support');
    expect(support).toContain('mailto:help@shuttle.example');
    expect(support).toContain('02 4000 0000');
    expect(await pageHtml('/driver-support')).toContain('mailto:drivers@shuttle.example');
  });

  it('serves the same document for /about/ and /about, and leaves other screens empty for the browser', async () => {
    expect(await pageHtml('/about/')).toBe(await pageHtml('/about'));
    expect(await pageHtml('/dashboard')).toContain('<div id="root"></div>');
    expect(await pageHtml('/signup/test')).toContain('<div id="root"></div>');
    expect(await pageHtml('/reset-password')).toContain('<div id="root"></div>');
    expect(await pageHtml('/login')).toContain('<div id="root" data-prerendered="">');
  });
});
