/**
 * Starts the React app in #root (called by main.tsx). A public page arrives rendered by the server
 * (src/server/seo/ssr.ts, with the same components): the app hydrates it, keeping the DOM the user already
 * sees (and any focus in it), once the first route's code has loaded. Any other page is rendered afresh.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { AppRouter, preloadRoute } from './router.tsx';

/** The server's page is marked until the app's first commit (Layout removes the mark). */
const PRERENDERED = 'data-prerendered';

/** Resolves once the app has committed its first render (hydrated the server's page, or drawn its own). */
export function startApp(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) {
    // SPEC §2.7: a fallback page when the root element is missing.
    document.body.innerHTML =
      '<main style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:1rem"><h1>Something went wrong</h1><p>The application could not start. Please reload the page.</p></main>';
    return Promise.resolve();
  }
  const app = (
    <AppProviders queryClient={createQueryClient()}>
      <AppRouter />
    </AppProviders>
  );
  const hydrate = root.hasAttribute(PRERENDERED);
  const committed = new Promise<void>((resolve) => {
    if (!hydrate) return resolve();
    const observer = new MutationObserver(() => {
      if (root.hasAttribute(PRERENDERED)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: [PRERENDERED] });
  });
  // As transitions, so React yields to the browser every few milliseconds instead of holding the main
  // thread for the whole first render (a phone stays responsive while the app starts).
  const render = () =>
    startTransition(() => {
      if (hydrate) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
  // Hydration needs the same tree the server rendered, so wait until the first route's code is in. A page
  // that failed to load is rendered anyway: it tries again, and shows the router's fallback if it fails.
  void preloadRoute(window.location.pathname).then(render, render);
  return committed;
}
