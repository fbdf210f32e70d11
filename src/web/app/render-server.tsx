/**
 * Server-side rendering of public pages (issue 5): the same routes, shell and page components as the
 * browser, rendered to HTML for a guest, so a crawler, a link preview or a phone's first paint gets the
 * real page. The browser then hydrates that markup (start.tsx) instead of drawing it again.
 *
 * Runs in the Node server (imported by src/server/seo/ssr.ts); nothing here may touch window or
 * document at import time.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { config, type PublicConfig } from './config.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

const handler = createStaticHandler(routes);

/**
 * The markup of #root for `url` as a guest sees it, or null when the route answers with a redirect.
 * `publicConfig` is what the server also writes into the page's app-config meta tag.
 */
export async function renderAppHtml(url: string, publicConfig: PublicConfig): Promise<string | null> {
  Object.assign(config, publicConfig);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders queryClient={createQueryClient()}>
      {/* hydrate={false}: no inline hydration-data script, which the CSP would refuse. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
