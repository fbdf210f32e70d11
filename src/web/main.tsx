import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { GlobalErrorBoundary } from './components/ErrorScreens.tsx';
import { AuthProvider } from './features/auth/AuthProvider.tsx';
import { RBACProvider } from './features/auth/rbac.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const queryClient = createQueryClient();
const root = document.getElementById('root');

if (!root) {
  // SPEC §2.7: a fallback page when the root element is missing.
  document.body.innerHTML =
    '<main style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:1rem"><h1>Something went wrong</h1><p>The application could not start. Please reload the page.</p></main>';
} else {
  createRoot(root).render(
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
  );
}
