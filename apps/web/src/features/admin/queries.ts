import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getJson } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import type { AdminCounts, AdminHistoryDto, AdminPageDto, PaymentIssuesDto } from '../../api/types.js';
import { ADMIN_PAGE_SIZE, type AdminSearch } from './search.js';

/** One page of a tab, filtered and searched on the server. */
export const adminPageQuery = (search: AdminSearch) =>
  queryOptions({
    queryKey: keys.adminPage({ tab: search.tab, q: search.q.trim(), page: search.page, pageSize: ADMIN_PAGE_SIZE, overdue: search.overdue }),
    queryFn: ({ queryKey }) => getJson<AdminPageDto>(queryKey[0]),
    // Staff work on a live queue: what others changed shows when they come back to the window.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** The count on each tab, under the same search and overdue filter as the list. */
export const adminCountsQuery = (search: Pick<AdminSearch, 'q' | 'overdue'>) =>
  queryOptions({
    queryKey: keys.adminCounts({ q: search.q.trim(), overdue: search.overdue }),
    queryFn: ({ queryKey }) => getJson<AdminCounts>(queryKey[0]),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export const adminHistoryQuery = (applicationId: number) =>
  queryOptions({ queryKey: keys.adminHistory(applicationId), queryFn: () => getJson<AdminHistoryDto>(keys.adminHistory(applicationId)[0]) });

/**
 * Payments taken but not recorded. Asking means asking the payment provider about 30 days of
 * payments: once each time the dashboard opens, never on window focus.
 */
export const paymentIssuesQuery = queryOptions({
  queryKey: keys.paymentIssues,
  queryFn: () => getJson<PaymentIssuesDto>(keys.paymentIssues[0]),
  staleTime: 0,
  refetchOnWindowFocus: false,
});

/** After a change: every admin list, count and history, and the application's documents. */
export async function refreshAdminData(queryClient: QueryClient, applicationId?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(keys.adminPrefix) }),
    applicationId === undefined ? undefined : queryClient.invalidateQueries({ queryKey: keys.documents(applicationId) }),
  ]);
}
