/**
 * The providers around the router, the same in the browser (start.tsx) and in the server's renderer of
 * public pages (render-server.tsx): the two must render the same tree for hydration to match.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { GlobalErrorBoundary } from '../components/ErrorScreens.tsx';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { RBACProvider } from '../features/auth/rbac.tsx';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <GlobalErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RBACProvider>{children}</RBACProvider>
          </AuthProvider>
        </QueryClientProvider>
      </GlobalErrorBoundary>
    </StrictMode>
  );
}
