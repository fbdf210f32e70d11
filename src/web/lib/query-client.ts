import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '../../shared/constants.ts';
import { ApiError } from './api.ts';

/** SPEC §7 data-fetching defaults: 3 retries, backoff from 1 s doubling to 30 s, unused data kept 300 s. */
export function createQueryClient() {
  return new QueryClient({
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
