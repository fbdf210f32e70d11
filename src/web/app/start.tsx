/** Starts the React app in #root (loaded by main.tsx once the page has painted). */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { GlobalErrorBoundary } from '../components/ErrorScreens.tsx';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { RBACProvider } from '../features/auth/rbac.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

const queryClient = createQueryClient();

/**
 * A keyboard user may already be on a link of the server's markup (the skip link, say) when the app
 * replaces it: give the same link in the app the focus, instead of dropping it to the page.
 */
function keepFocusAcrossSwap(root: HTMLElement) {
  let href: string | null = null;
  const onFocus = (event: FocusEvent) => {
    href = event.target instanceof HTMLAnchorElement ? event.target.getAttribute('href') : null;
  };
  root.addEventListener('focusin', onFocus);
  const observer = new MutationObserver(() => {
    if (root.querySelector('[data-prerendered]')) return;
    observer.disconnect();
    root.removeEventListener('focusin', onFocus);
    if (!href || (document.activeElement && document.activeElement !== document.body)) return;
    root.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`)?.focus();
  });
  observer.observe(root, { childList: true });
}
const root = document.getElementById('root');

if (!root) {
  // SPEC §2.7: a fallback page when the root element is missing.
  document.body.innerHTML =
    '<main style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:1rem"><h1>Something went wrong</h1><p>The application could not start. Please reload the page.</p></main>';
} else {
  // Rendered as a transition so React yields to the browser every few milliseconds instead of holding the
  // main thread for the whole first render (a phone stays responsive; Lighthouse's total blocking time).
  const reactRoot = createRoot(root);
  const start = () =>
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <GlobalErrorBoundary>
            <QueryClientProvider client={queryClient}>
              <AuthProvider>
                <RBACProvider>
                  <RouterProvider router={router} />
                </RBACProvider>
              </AuthProvider>
            </QueryClientProvider>
          </GlobalErrorBoundary>
        </StrictMode>,
      ),
    );
  // The server sends public pages with their content already in #root (issue 5). Keep it on screen until
  // the first route's code has loaded, then let the app replace it in one step (no empty frame between).
  if (root.firstElementChild) keepFocusAcrossSwap(root);
  if (root.firstElementChild && !router.state.initialized) {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      start();
    });
  } else {
    start();
  }
}
