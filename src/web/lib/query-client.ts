/** The TanStack Query client: SPEC §7's retries and cache times, and errors turned into toasts. */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '../../shared/constants.ts';
import { handleError } from '../features/errors/handle.ts';
import { ApiError } from './api.ts';

/**
 * Per query or mutation: `meta: { errorToast: false }` turns the app-wide error toast off, for screens
 * that show the error themselves (a form's inline message, the route guard, the session check).
 * High and critical errors are still reported to the API.
 */
export interface ErrorMeta extends Record<string, unknown> {
  errorToast?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/**
 * SPEC §7 data-fetching defaults: 3 retries, backoff from 1 s doubling to 30 s, unused data kept 300 s.
 * SPEC §8: query and mutation errors show a destructive toast with the categorised title and message;
 * high and critical ones are reported to /api/client-errors.
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      // Runs once the retries are spent.
      onError: (error, query) => {
        handleError(
          error,
          { source: 'query', queryKey: safeKey(query.queryKey) },
          { toast: query.meta?.errorToast !== false, destructive: true },
        );
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        handleError(
          error,
          { source: 'mutation', mutationKey: safeKey(mutation.options.mutationKey) },
          { toast: mutation.options.meta?.errorToast !== false, destructive: true },
        );
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          count < QUERY_DEFAULTS.retries &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) =>
          Math.min(QUERY_DEFAULTS.retryBaseMs * 2 ** attempt, QUERY_DEFAULTS.retryMaxMs),
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Query keys can hold user input (search terms): keep their shape, cut their strings. */
function safeKey(key: readonly unknown[] | undefined): unknown[] | undefined {
  return key?.slice(0, 4).map((part) => (typeof part === 'string' ? part.slice(0, 50) : typeof part));
}
