/**
 * The HTML of every route the server answers with the app's page: public routes rendered by the web app's
 * own components (src/web/app/render-server.tsx), once per path and then kept, since a guest's view of a
 * public page depends only on the settings. CLIENT_RENDERED_PATHS (test sign-ups, the debug page, the
 * reset screen) are left to the browser.
 */
import type { PublicConfig } from '../../web/app/config.ts';
import { CLIENT_RENDERED_PATHS, normalisePath, publicPageMeta } from './pages.ts';
import { renderPageHtml } from './render.ts';
import type { SiteInfo } from './structured-data.ts';

/** The whole HTML document for a request path. */
export type PageHtml = (requestPath: string) => Promise<string>;

export function createPageHtml(opts: {
  template: string;
  site: SiteInfo;
  publicConfig: PublicConfig;
  onError?: (path: string, error: unknown) => void;
}): PageHtml {
  const { template, site, publicConfig } = opts;
  const appShell = renderPageHtml(template, '/__app__', site);
  const cache = new Map<string, Promise<string>>();

  const render = async (path: string): Promise<string> => {
    let appHtml: string | null = null;
    if (!CLIENT_RENDERED_PATHS.includes(path)) {
      try {
        // Loaded on first use: React and the page components stay out of servers that never serve pages.
        const { renderAppHtml } = await import('../../web/app/render-server.tsx');
        appHtml = await renderAppHtml(`${site.appUrl}${path}`, publicConfig);
      } catch (error) {
        // The page still works without it: the browser renders it, as for the signed-in app.
        opts.onError?.(path, error);
      }
    }
    return renderPageHtml(template, path, site, appHtml);
  };

  return (requestPath) => {
    const path = normalisePath(requestPath);
    if (!publicPageMeta(path)) return Promise.resolve(appShell);
    // Per year too: the footer shows the year, and a server may run across New Year.
    const key = `${path} ${new Date().getFullYear()}`;
    let html = cache.get(key);
    if (!html) {
      html = render(path);
      cache.set(key, html);
    }
    return html;
  };
}
