/**
 * A route's page loaded on first use (every page is its own chunk, so a guest never downloads the
 * signed-in app). The router runs in declarative mode (ADR 037): react-router's data router, whose only
 * use here was loading pages lazily, is 16.5 KB gzip of every signed-in page's first load.
 *
 * `preload` is called for the routes the first URL matches before the app renders (start.tsx) or the
 * server renders (render-server.tsx), so that first render, and the hydration of a server-rendered page,
 * never suspends. On a later navigation the routes wait for the new page's chunk above the shell
 * (routes.tsx, `MatchedRoutes`), so the page being left stays on screen meanwhile, as it did with the
 * data router: the router's navigations are transitions, and the shell's own Suspense boundary is new for
 * each path (keyed), so waiting inside it would show its fallback. `Page` suspends itself only if it is
 * rendered some other way before its chunk is in.
 */
import { type ComponentType, use } from 'react';

export interface LazyPage {
  Page: ComponentType;
  /**
   * Fetches the page's chunk, once. After a failure (a dropped connection, a deploy) it is fetched again
   * when asked for another `attempt` (the router passes the location's key, new for each navigation to a
   * link): for one history entry the failure stands, so React shows the router's fallback (with its
   * Reload button) instead of retrying for ever.
   */
  preload: (attempt?: string) => Promise<void>;
  loaded: () => boolean;
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  let failed = false;
  let loadingFor: string | undefined;
  const preload = (attempt?: string) => {
    if (!loading || (failed && attempt !== loadingFor)) {
      failed = false;
      loadingFor = attempt;
      loading = load().then(
        (component) => {
          Loaded = component;
        },
        (error: unknown) => {
          failed = true;
          throw error;
        },
      );
    }
    return loading;
  };
  function Page() {
    if (!Loaded) use(preload());
    const Component = Loaded as ComponentType;
    return <Component />;
  }
  return { Page, preload, loaded: () => Loaded !== undefined };
}
