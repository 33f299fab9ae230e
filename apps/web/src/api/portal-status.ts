import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiPath, call } from './client.js';
import { useHydrated } from '../lib/use-hydrated.js';

const statusRoute = api.public.status;

export const portalStatusKey = [apiPath(statusRoute.$path())] as const;

/** GET /api/public/status: the official portal's status (decision 0032). */
export const portalStatusQuery = queryOptions({
  queryKey: portalStatusKey,
  queryFn: () => call(statusRoute.$get()),
  // Read again now and then, and when the visitor comes back to the tab: a switch shows without a reload.
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
  refetchOnWindowFocus: true,
  retry: false,
});

/**
 * The portal's status, asked only once the page has hydrated: the pre-rendered HTML never holds it,
 * so hydration sees what the pre-renderer drew whatever the status is.
 */
export function usePortalStatus() {
  const hydrated = useHydrated();
  return useQuery({ ...portalStatusQuery, enabled: hydrated });
}
