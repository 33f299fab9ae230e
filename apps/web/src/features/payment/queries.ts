import { queryOptions } from '@tanstack/react-query';
import { applicationsQuery } from '../../api/query-client.js';

/** SPEC §7: on the payment page the applications list is cached 5 seconds and not refetched on focus. */
export const paymentPageApplicationsQuery = queryOptions({
  ...applicationsQuery,
  staleTime: 5_000,
  refetchOnWindowFocus: false,
});
