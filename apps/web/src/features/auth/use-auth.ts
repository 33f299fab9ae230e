import { useUserQuery, type CurrentUser } from './user-query.js';

/** The current user (null when signed out) and whether it is still loading (docs/product.md §2.2). */
export function useAuth(): { user: CurrentUser | null; isLoading: boolean } {
  const query = useUserQuery();
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** Where a signed-in user belongs: admins to /admin, everyone else to /dashboard. */
export function homeFor(user: Pick<CurrentUser, 'isAdmin'>): '/admin' | '/dashboard' {
  return user.isAdmin ? '/admin' : '/dashboard';
}
