/**
 * Every route of SPEC §2.2 and §2.3. Pages are lazy-loaded so a guest never downloads the signed-in app.
 * The guard in Layout decides access from src/shared/roles.ts. Used by the browser's router (router.tsx)
 * and by the server's renderer of public pages (render-server.tsx), in react-router's declarative mode
 * (ADR 037).
 */
import { use } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/ErrorScreens.tsx';
import type { SimplePageKey } from '../routes/simple-pages.tsx';
import { config } from './config.ts';
import { type LazyPage, lazyPage } from './lazy-page.tsx';
import { Layout } from './shell/Layout.tsx';

/** A route whose page loads on first use; `handle` carries its loader for preloadRoute. */
const lazyRoute = (path: string, lazy: LazyPage): RouteObject => ({
  path,
  element: <lazy.Page />,
  handle: lazy,
});

const simple = (path: string, page: SimplePageKey) =>
  lazyRoute(
    path,
    lazyPage(async () => {
      const { SimplePage } = await import('../routes/simple-pages.tsx');
      return () => <SimplePage page={page} />;
    }),
  );

const page = (path: string, load: () => Promise<{ default: React.ComponentType }>) =>
  lazyRoute(
    path,
    lazyPage(async () => (await load()).default),
  );

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      // Public (§2.2)
      page('/', () => import('../routes/home.tsx')),
      page('/login', () => import('../routes/login.tsx')),
      page('/password-auth', () => import('../routes/password-auth.tsx')),
      page('/signup', () => import('../routes/signup.tsx')),
      page('/signup/driver', () => import('../routes/signup-driver.tsx')),
      page('/signup/test', () => import('../routes/signup-test.tsx')),
      page('/signup/test-driver', () => import('../routes/signup-test-driver.tsx')),
      page('/forgot-password', () => import('../routes/forgot-password.tsx')),
      page('/reset-password', () => import('../routes/reset-password.tsx')),
      page('/undo-email-change', () => import('../routes/undo-email-change.tsx')),
      page('/success', () => import('../routes/public/success.tsx')),
      page('/support', () => import('../routes/public/support.tsx')),
      page('/about', () => import('../routes/public/about.tsx')),
      page('/how-it-works', () => import('../routes/public/how-it-works.tsx')),
      page('/safety', () => import('../routes/public/safety.tsx')),
      page('/careers', () => import('../routes/public/careers.tsx')),
      page('/terms', () => import('../routes/public/terms.tsx')),
      page('/privacy', () => import('../routes/public/privacy.tsx')),
      page('/cookie-policy', () => import('../routes/public/privacy.tsx')),
      page('/driver-agreement', () => import('../routes/public/driver-agreement.tsx')),
      page('/compliance', () => import('../routes/public/compliance.tsx')),
      page('/driver-requirements', () => import('../routes/public/driver-requirements.tsx')),
      page('/driver-support', () => import('../routes/public/driver-support.tsx')),
      page('/driver-faq', () => import('../routes/public/faq.tsx')),
      page('/faq', () => import('../routes/public/faq.tsx')),
      page('/test-page', () => import('../routes/test-page.tsx')),
      // Signed-in (§2.3)
      page('/dashboard', () => import('../routes/dashboard.tsx')),
      page('/schedule', () => import('../routes/dashboard.tsx')),
      page('/profile', () => import('../routes/profile.tsx')),
      page('/driver-profile', () => import('../routes/driver-profile.tsx')),
      page('/book-ride', () => import('../routes/book-ride.tsx')),
      page('/ride-confirmation', () => import('../routes/ride-confirmation.tsx')),
      page('/edit-ride/:id', () => import('../routes/edit-ride.tsx')),
      page('/driver-matching/:id', () => import('../routes/driver-matching.tsx')),
      page('/booking/:id', () => import('../routes/booking.tsx')),
      page('/bookings', () => import('../routes/bookings.tsx')),
      page('/driver-dashboard', () => import('../routes/dashboard.tsx')),
      page('/users', () => import('../routes/admin-users.tsx')),
      { path: '/admin', element: <Navigate to="/admin-dashboard" replace /> },
      page('/admin-dashboard', () => import('../routes/admin-dashboard.tsx')),
      page('/admin/users/:id', () => import('../routes/admin-user.tsx')),
      page('/admin/audit', () => import('../routes/admin-audit.tsx')),
      page('/admin/bookings', () => import('../routes/admin-bookings.tsx')),
      page('/admin/issues', () => import('../routes/admin-issues.tsx')),
      page('/admin/exports', () => import('../routes/admin-exports.tsx')),
      page('/admin/billing', () => import('../routes/admin-billing.tsx')),
      page('/admin/issues/:id', () => import('../routes/admin-issue.tsx')),
      page('/admin/bookings/:id', () => import('../routes/admin-booking.tsx')),
      page('/admin/verifications', () => import('../routes/admin-verifications.tsx')),
      page('/admin/verifications/:id', () => import('../routes/admin-verification.tsx')),
      page('/admin/today', () => import('../routes/admin-today.tsx')),
      page('/drivers/:id', () => import('../routes/driver-public.tsx')),
      page('/available-rides', () => import('../routes/available-rides.tsx')),
      page('/driver-billing', () => import('../routes/driver-billing.tsx')),
      page('/driver-fares', () => import('../routes/driver-fares.tsx')),
      page('/driver-billing/:id', () => import('../routes/driver-billing-statement.tsx')),
      page('/settings', () => import('../routes/settings.tsx')),
      page('/help', () => import('../routes/help.tsx')),
      page('/ride-history', () => import('../routes/ride-history.tsx')),
      page('/ratings', () => import('../routes/ratings.tsx')),
      page('/notifications', () => import('../routes/notifications.tsx')),
      page('/my-quotes', () => import('../routes/my-quotes.tsx')),
      page('/driver/quotes', () => import('../routes/driver-quotes.tsx')),
      page('/runs', () => import('../routes/runs.tsx')),
      page('/driver-runs', () => import('../routes/driver-runs.tsx')),
      simple('/test-notifications', 'testNotifications'),
      simple('/test-email', 'testNotifications'),
      ...(config.appEnv === 'development'
        ? [page('/dev/mailbox', () => import('../routes/dev-mailbox.tsx'))]
        : []),
      page('*', () => import('../routes/not-found.tsx')),
    ],
  },
];

/** Loads the pages `pathname` shows, so the first render (or hydration) has them at hand. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((m) => (m.route.handle as LazyPage | undefined)?.preload()));
}

/** The app's routes, inside whichever router the caller provides (the browser's or the server's). */
export function AppRoutes() {
  const location = useLocation();
  // SPEC §2.7's router fallback replaces the whole page when a page fails to load or render.
  return (
    <RouteErrorBoundary location={location}>
      <MatchedRoutes />
    </RouteErrorBoundary>
  );
}

/**
 * Renders the routes once the pages the location matches have loaded: until then it suspends, in the
 * navigation's transition, so the page on screen stays there (lazy-page.tsx says why here).
 */
function MatchedRoutes() {
  const location = useLocation();
  for (const match of matchRoutes(routes, location.pathname) ?? []) {
    const lazy = match.route.handle as LazyPage | undefined;
    if (lazy && !lazy.loaded()) use(lazy.preload(location.key));
  }
  return useRoutes(routes, location);
}
