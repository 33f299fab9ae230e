import { QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, getPath } from './client.js';
import { keys } from './keys.js';

/** docs/product.md §7.8: a default query is a GET of the path it is keyed by. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getPath(String(queryKey[0]));

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A 401 on reading data means the session has ended (expired, or signed out elsewhere): the
    // user becomes null and the route guard sends the visitor to /auth.
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401 && client.getQueryData(keys.user)) client.setQueryData(keys.user, null);
      },
    }),
    defaultOptions: {
      // docs/product.md §7.8: never stale, no refetch on focus or interval, no retries; mutations not retried.
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
