import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the app. Failed reads are not retried automatically: the API client already
 * toasts each transport failure, and screens offer their own Retry.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
