/**
 * The suite's one react-query client (shared as a singleton). Spec point 8: list and notification
 * fetch errors are silently ignored, so queries never throw into the tree and nothing is logged;
 * a screen shows its empty state instead.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { statusOf } from '@trungtam/shared/api';

function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  // answers that will not change on a second try
  if (status >= 400 && status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: () => {} }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        throwOnError: false,
      },
      mutations: { retry: false, throwOnError: false },
    },
  });
}

export const queryClient = createQueryClient();
