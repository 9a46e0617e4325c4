import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * Server data lives in TanStack Query. Business failures (an ApiError with a server code) are not
 * retried, since asking again gives the same answer; network failures are retried twice.
 *
 * Actions (mutations) are sent whatever the browser says about the connection, and fail at once
 * with the network error when it is down. Left to TanStack's default they would wait, the button
 * spinning, until the connection came back, and then go out by themselves: a withdrawal or an order
 * tapped on a train could be placed minutes later, after the user had given up on it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) =>
        failureCount < 2 && (!(error instanceof ApiError) || ['NETWORK', 'TIMEOUT'].includes(error.code)),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
