import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { serverMessage } from '../../api/client.js';
import { toast } from '../../lib/toast-store.js';
import { forgetUser, useLogoutMutation, useUserQuery, type CurrentUser } from './api.js';

/** The current user (null when signed out) and whether it is still loading (docs/product.md §2.2). */
export function useAuth(): { user: CurrentUser | null; isLoading: boolean } {
  const query = useUserQuery();
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** Where a signed-in user belongs: admins to /admin, everyone else to /dashboard. */
export function homeFor(user: Pick<CurrentUser, 'isAdmin'>): '/admin' | '/dashboard' {
  return user.isAdmin ? '/admin' : '/dashboard';
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useLogoutMutation({
    onSuccess: async () => {
      // Leave the guarded page first, or its guard would send the visitor to /auth instead of home.
      await navigate({ to: '/' });
      forgetUser(queryClient);
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: serverMessage(error) ?? String(error), variant: 'destructive' });
    },
  });
}
