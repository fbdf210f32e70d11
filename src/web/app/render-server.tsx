/**
 * Server-side rendering of public pages (issue 5): the same routes, shell and page components as the
 * browser, rendered to HTML for a guest, so a crawler, a link preview or a phone's first paint gets the
 * real page. The browser then hydrates that markup (start.tsx) instead of drawing it again.
 *
 * Runs in the Node server (imported by src/server/seo/ssr.ts); nothing here may touch window or
 * document at import time.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { config, type PublicConfig } from './config.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes, preloadRoute } from './routes.tsx';

/**
 * The markup of #root for `url` as a guest sees it. `publicConfig` is what the server also writes into
 * the page's app-config meta tag. The page's code is loaded first: renderToString does not wait for it.
 */
export async function renderAppHtml(url: string, publicConfig: PublicConfig): Promise<string> {
  Object.assign(config, publicConfig);
  const { pathname, search } = new URL(url);
  await preloadRoute(pathname);
  return renderToString(
    <AppProviders queryClient={createQueryClient()}>
      <StaticRouter location={`${pathname}${search}`}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
}
