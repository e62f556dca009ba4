/**
 * The suite's one react-query client (shared as a singleton). List and notification
 * fetch errors are silently ignored, so queries never throw into the tree and nothing is logged;
 * a screen shows its empty state instead.
 */
import { useDeferredValue, useMemo } from 'react';
import { QueryCache, QueryClient, type FetchQueryOptions, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
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

/**
 * Asks for a query ahead of the component that shows it, as TanStack Query's usePrefetchQuery does: only
 * when the cache holds nothing of it (there, on its way, or failed); the component's own query takes it
 * from there. A query asks only once its component is committed, and a page's first render can take a
 * few hundred milliseconds on a phone, which the request can spend on its way instead.
 */
export function prefetchIfAbsent<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>): void {
  if (!client.getQueryState(options.queryKey)) void client.prefetchQuery(options);
}

/** What a screen shows of a query: its data and state, taken together (useDeferredAnswer). */
export interface QueryAnswer<T, C> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  /** what the screen asked the query for (a list's page, say), as it was when this answer came */
  context: C;
}

/**
 * A query's answer as a deferred value. A query's answer renders at once, in one task (its store is read
 * with useSyncExternalStore); on a phone, a screenful of styled components built from it (a page of rows)
 * holds the CPU for a few hundred milliseconds. Taken through here, it renders in a later
 * render that React does in slices, letting the browser in between; until then the screen shows the
 * previous answer. The screens that read one query through one call see its data and state change
 * together, so that nothing on screen moves twice (a list's count, its rows and its pages).
 */
export function useDeferredAnswer<T, C = undefined>(query: UseQueryResult<T>, context?: C): QueryAnswer<T, C> {
  const { data, isPending, isError, isPlaceholderData } = query;
  const answer = useMemo(
    () => ({ data, isPending, isError, isPlaceholderData, context: context as C }),
    [data, isPending, isError, isPlaceholderData, context],
  );
  return useDeferredValue(answer);
}
