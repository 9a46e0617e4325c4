import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * Server data lives in TanStack Query. Business failures (an ApiError with a server code) are not
 * retried, since asking again gives the same answer; network failures are retried twice.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) =>
        failureCount < 2 && (!(error instanceof ApiError) || ['NETWORK', 'TIMEOUT'].includes(error.code)),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
