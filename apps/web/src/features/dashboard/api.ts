import { queryOptions } from '@tanstack/react-query';
import { applicationsQuery } from '../../api/applications.js';

/** SPEC §7: on the dashboard the applications list is always stale and refetched on window focus. */
export const dashboardApplicationsQuery = queryOptions({
  ...applicationsQuery,
  staleTime: 0,
  refetchOnWindowFocus: true,
});
