/** The page shell: skip link, header, main area, footer, toasts (SPEC §2.1). */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ComponentErrorBoundary } from '../../components/ErrorScreens.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Toaster } from '../../components/ui/toast.tsx';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { RouteGuard } from '../../features/auth/RouteGuard.tsx';
import { useLiveUpdates } from '../../features/marketplace/live.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Overlays } from './Overlays.tsx';

export function Layout() {
  const { user } = useAuth();
  const location = useLocation();
  useLiveUpdates(Boolean(user && !user.isTest));
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-[70] rounded-md bg-white px-4 py-2 font-semibold text-brand-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header />
      {user?.isTest && (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
          Test session: this account lives only in this browser tab and nothing is saved.
        </p>
      )}
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none"
      >
        <RouteGuard>
          {/* A page that throws shows the error card inside the shell; a new page starts afresh. */}
          <ComponentErrorBoundary key={location.pathname}>
            <Suspense fallback={<Loading />}>
              <Outlet />
              <PageCommitted />
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
