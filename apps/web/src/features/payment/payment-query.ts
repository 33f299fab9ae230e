import { queryOptions } from '@tanstack/react-query';
import { applicationsQuery } from '../../api/applications.js';

// Apart from api.ts: the /payment route's loader needs only this, and what a route's loader imports
// is in the landing page's bundle (its size budget); the payment calls load with the page.

/** docs/product.md §7.8: on the payment page the applications list is cached 5 seconds and not refetched on focus. */
export const paymentPageApplicationsQuery = queryOptions({
  ...applicationsQuery,
  staleTime: 5_000,
  refetchOnWindowFocus: false,
});
