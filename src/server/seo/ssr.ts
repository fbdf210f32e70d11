/**
 * The HTML of every route the server answers with the app's page (`template`, the built index.html), or
 * for the public content pages the page without the app (`staticTemplate`, static-page.html, ADR 034): public routes rendered by the web app's
 * own components (src/web/app/render-server.tsx), once per path and then kept, since a guest's view of a
 * public page depends only on the settings. CLIENT_RENDERED_PATHS (test sign-ups, the debug page, the
 * reset screen) are left to the browser. A path that is no page of the app gets the app's not-found page,
 * rendered once for all of them (the caller answers it with status 404).
 */
import type { PublicConfig } from '../../web/app/config.ts';
import {
  CLIENT_RENDERED_PATHS,
  isPagePath,
  normalisePath,
  publicPageMeta,
  servedWithoutApp,
} from './pages.ts';
import { renderNotFoundHtml, renderPageHtml } from './render.ts';
import type { SiteInfo } from './structured-data.ts';

/** A path no route of the app has, where the web app renders its not-found page. */
const NOT_FOUND_RENDER_PATH = '/404';

/**
 * The whole HTML document for a request path. `signedIn` (the request carries a session cookie): a
 * content page comes with the app too, since a signed-in visitor's header is the app's (ADR 034).
 */
export type PageHtml = (requestPath: string, opts?: { signedIn?: boolean }) => Promise<string>;

export function createPageHtml(opts: {
  template: string;
  /** The built static-page.html; without it every page is served with the app. */
  staticTemplate?: string;
  site: SiteInfo;
  publicConfig: PublicConfig;
  onError?: (path: string, error: unknown) => void;
}): PageHtml {
  const { template, site, publicConfig } = opts;
  const appShell = renderPageHtml(template, '/__app__', site);
  const cache = new Map<string, Promise<string>>();

  const renderApp = async (path: string): Promise<string | null> => {
    try {
      // Loaded on first use: React and the page components stay out of servers that never serve pages.
      const { renderAppHtml } = await import('../../web/app/render-server.tsx');
      return await renderAppHtml(`${site.appUrl}${path}`, publicConfig);
    } catch (error) {
      // The page still works without it: the browser renders it, as for the signed-in app.
      opts.onError?.(path, error);
      return null;
    }
  };
  const render = async (path: string, withApp: boolean): Promise<string> => {
    const appHtml = CLIENT_RENDERED_PATHS.includes(path) ? null : await renderApp(path);
    // Without the server's rendering the page needs the app to draw it.
    const pageTemplate =
      appHtml && !withApp && opts.staticTemplate && servedWithoutApp(path) ? opts.staticTemplate : template;
    return renderPageHtml(pageTemplate, path, site, appHtml);
  };
  // Every unknown path shows the same page: render it once (for a path no route has), not once per path.
  const renderNotFound = async () =>
    renderNotFoundHtml(template, site, await renderApp(NOT_FOUND_RENDER_PATH));

  return (requestPath, { signedIn = false } = {}) => {
    const path = normalisePath(requestPath);
    if (!isPagePath(path, publicConfig.appEnv)) {
      const key = `not-found ${new Date().getFullYear()}`;
      let html = cache.get(key);
      if (!html) {
        html = renderNotFound();
        cache.set(key, html);
      }
      return html;
    }
    if (!publicPageMeta(path)) return Promise.resolve(appShell);
    // Per year too: the footer shows the year, and a server may run across New Year.
    const withApp = signedIn && servedWithoutApp(path);
    const key = `${path} ${new Date().getFullYear()}${withApp ? ' app' : ''}`;
    let html = cache.get(key);
    if (!html) {
      html = render(path, withApp);
      cache.set(key, html);
    }
    return html;
  };
}
