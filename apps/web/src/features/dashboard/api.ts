import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationsQuery } from '../../api/applications.js';

/** docs/product.md §7.8: on the dashboard the applications list is always stale and refetched on window focus. */
export const dashboardApplicationsQuery = queryOptions({
  ...applicationsQuery,
  staleTime: 0,
  refetchOnWindowFocus: true,
});

/** The applications list is fetched only when signed in (docs/product.md §2.7). */
export function useDashboardApplicationsQuery({ signedIn }: { signedIn: boolean }) {
  return useQuery({ ...dashboardApplicationsQuery, enabled: signedIn });
}
