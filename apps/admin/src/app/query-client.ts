import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api.ts';

/** A refusal (a wrong role, a gone session, bad input) stays a refusal; only the network is retried, twice. */
export function retriesAfter(failures: number, error: unknown): boolean {
  return failures < 2 && error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Viewing a user writes an audit row, so data is not refetched behind the operator's back.
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      retry: retriesAfter,
    },
  },
});
