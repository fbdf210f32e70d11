/** The page shell: skip link, header, main area, footer, toasts (SPEC §2.1). */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ComponentErrorBoundary } from '../../components/ErrorScreens.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Toaster } from '../../components/ui/toast.tsx';
import { announce } from '../../features/accessibility/settings.ts';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { RouteGuard } from '../../features/auth/RouteGuard.tsx';
import { clearStoredAuth } from '../../features/auth/storage.ts';
import { useLiveUpdates } from '../../features/marketplace/live.ts';
import { Footer } from './Footer.tsx';
import { EARLY_OVERLAYS_ID } from './focus.ts';
import { Header } from './Header.tsx';
import { Overlays } from './Overlays.tsx';

export function Layout() {
  const { user, refresh } = useAuth();
  const location = useLocation();
  useLiveUpdates(Boolean(user && !user.isTest), {
    onSessionChanged: () => void refresh(),
    onSignedOut: () => {
      clearStoredAuth();
      window.location.replace('/login?signed_out=true');
    },
  });
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-[70] rounded-md bg-white px-4 py-2 font-semibold text-brand-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      {/* The cookie banner is placed here (a portal), so Tab reaches it right after the skip link, before
          the header and the page (issue 32), though it shows at the bottom of the screen. */}
      <div id={EARLY_OVERLAYS_ID} />
      <Header />
      {user?.isTest && (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
          Test session: this account lives only in this browser tab and nothing is saved.
        </p>
      )}
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full min-w-0 max-w-7xl flex-1 px-4 py-8 outline-none"
      >
        <RouteGuard>
          {/* A page that throws shows the error card inside the shell; a new page starts afresh. */}
          <ComponentErrorBoundary key={location.pathname}>
            <Suspense fallback={<Loading />}>
              <Outlet />
              <PageCommitted />
              <FocusNewPage />
            </Suspense>
          </ComponentErrorBoundary>
        </RouteGuard>
      </main>
      <Footer />
      <Overlays />
      <Toaster />
    </div>
  );
}

/**
 * Marks the page as the app's once its content has committed. Inside the page's Suspense boundary on
 * purpose: React hydrates a boundary's content after the shell around it, and only then are the page's
 * buttons and forms live (main.tsx plays back any early tap or submit at this point).
 */
function PageCommitted() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('data-prerendered');
  }, []);
  return null;
}

/** Set once the first page has shown: later pages arrive by client-side navigation. */
let firstPageShown = false;

/**
 * After a client-side navigation, moves the focus to the new page's heading (or its main content) and
 * announces the page's title, as a full page load would (issue 12, WCAG 2.4.3). Inside the page's Suspense
 * boundary, so it runs when the new page's content is there; remounted per page by the boundary's key.
 * The first page of a visit keeps the browser's own start (the skip link first).
 */
function FocusNewPage() {
  useEffect(() => {
    if (!firstPageShown) {
      firstPageShown = true;
      return;
    }
    // A tick later: the page's title is set by its own effect, and a closing menu settles first.
    const timer = setTimeout(() => {
      const active = document.activeElement;
      // A dialog opened meanwhile keeps the focus; a link to a place on the page goes there.
      if (active?.closest('[role="dialog"],[role="alertdialog"]')) return;
      if (location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))) return;
      const main = document.getElementById('main-content');
      if (!main) return;
      const heading = main.querySelector<HTMLElement>('h1');
      const target = heading ?? main;
      if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      window.scrollTo({ top: 0 });
      announce(document.title);
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
