import { QueryClient } from '@tanstack/react-query';
import { CACHE_LIFETIME_MS } from '@agentroom/shared';
import { isApiError } from '../api/api-error';

/** A 4xx will answer the same way again; only network and server failures are worth a retry. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: CACHE_LIFETIME_MS, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
