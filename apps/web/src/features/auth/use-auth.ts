import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { apiRequest, serverMessage } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { userQuery } from '../../api/query-client.js';
import type { CurrentUser } from '../../api/types.js';
import { toast } from '../../lib/toast-store.js';

/** The current user (null when signed out) and whether it is still loading (SPEC §4). */
export function useAuth(): { user: CurrentUser | null; isLoading: boolean } {
  const query = useQuery(userQuery);
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** Where a signed-in user belongs: admins to /admin, everyone else to /dashboard. */
export function homeFor(user: Pick<CurrentUser, 'isAdmin'>): '/admin' | '/dashboard' {
  return user.isAdmin ? '/admin' : '/dashboard';
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: async () => {
      // Leave the guarded page first, or its guard would send the visitor to /auth instead of home.
      await navigate({ to: '/' });
      queryClient.setQueryData(keys.user, null);
      // Nothing of the previous user's data may linger in the cache.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== keys.user[0] && q.queryKey[0] !== keys.config[0] });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: serverMessage(error) ?? String(error), variant: 'destructive' });
    },
  });
}

