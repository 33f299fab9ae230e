import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ApiError, call } from './client.js';
import { keys } from './keys.js';

/**
 * Who is signed in, for every feature and the shared layout (the header, permissions). Kept apart
 * from the sign-in, registration and logout mutations (features/auth/api.ts): every
 * page, the landing page included, needs the user, while only a signed-in visitor or the auth page
 * needs the mutations — the landing page's JavaScript has a budget (apps/web/landing-size-plugin.ts).
 */
export type CurrentUser = InferResponseType<typeof api.user.$get, 200>;

/** The current user; a 401 means signed out (null), not an error (docs/product.md §7.2). */
export const userQuery = queryOptions({
  queryKey: keys.user,
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      return await call(api.user.$get());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

export function useUserQuery() {
  return useQuery(userQuery);
}

/** After signing out: the user is null and every query of the previous user is dropped. */
export function forgetUser(queryClient: QueryClient): void {
  queryClient.setQueryData(keys.user, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== keys.user[0] && q.queryKey[0] !== keys.config[0] });
}

/** The current user (null when signed out) and whether it is still loading (docs/product.md §2.2). */
export function useAuth(): { user: CurrentUser | null; isLoading: boolean } {
  const query = useUserQuery();
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** Where a signed-in user belongs: admins to /admin, everyone else to /dashboard. */
export function homeFor(user: Pick<CurrentUser, 'isAdmin'>): '/admin' | '/dashboard' {
  return user.isAdmin ? '/admin' : '/dashboard';
}
