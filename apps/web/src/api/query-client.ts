import { QueryCache, QueryClient, queryOptions, type QueryFunction } from '@tanstack/react-query';
import { ApiError, getJson } from './client.js';
import { keys } from './keys.js';
import type { ApplicationDto, CurrentUser, DocumentDto, PublicConfig } from './types.js';

/** SPEC §7: a default query is a GET of the path it is keyed by. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

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
      // SPEC §7: never stale, no refetch on focus or interval, no retries; mutations not retried.
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

/** The current user; a 401 means signed out (null), not an error. */
export const userQuery = queryOptions({
  queryKey: keys.user,
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      return await getJson<CurrentUser>(keys.user[0]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

export const configQuery = queryOptions({
  queryKey: keys.config,
  queryFn: () => getJson<PublicConfig>(keys.config[0]),
});

/** The applicant's applications (default options; the dashboard and payment page override). */
export const applicationsQuery = queryOptions({
  queryKey: keys.applications,
  queryFn: () => getJson<ApplicationDto[]>(keys.applications[0]),
});

export const applicationQuery = (id: number) =>
  queryOptions({ queryKey: keys.application(id), queryFn: () => getJson<ApplicationDto>(keys.application(id)[0]) });

/** A failure gives an empty list for that application (SPEC §7). */
export const documentsQuery = (id: number) =>
  queryOptions({
    queryKey: keys.documents(id),
    queryFn: async () => {
      try {
        return await getJson<DocumentDto[]>(keys.documents(id)[0]);
      } catch {
        return [] as DocumentDto[];
      }
    },
  });
