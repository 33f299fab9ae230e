import { queryOptions } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import type { AdminPageDto } from './api.js';
import type { AdminTabId } from '@core/domain/admin-tab-ids.js';
import { ADMIN_PAGE_SIZE, type AdminSearch } from './search.js';

// Apart from api.ts: the /admin route's loader needs only these two, and what a route's loader
// imports is in the landing page's bundle (its size budget); the rest of api.ts loads with the page.
const adminApplications = api.admin.applications;

/** The list's query string, leaving out what is empty or off (the same text keys the query). */
function listQuery(search: Pick<AdminSearch, 'q' | 'overdue'>) {
  return { q: search.q.trim() || undefined, overdue: search.overdue ? 'true' : undefined };
}

function isPage(body: unknown): body is AdminPageDto {
  return !Array.isArray(body);
}

/** One page of a tab, filtered and searched on the server. */
export const adminPageQuery = (search: AdminSearch & { tab: AdminTabId }) => {
  const { q, overdue } = listQuery(search);
  const query = { tab: search.tab, q, page: String(search.page), pageSize: String(ADMIN_PAGE_SIZE), overdue, assignee: search.assignee };
  return queryOptions({
    queryKey: keys.adminPage(query),
    queryFn: async () => {
      const body = await call(adminApplications.$get({ query }));
      if (!isPage(body)) throw new Error('The server answered the whole list instead of a page.');
      return body;
    },
    // Staff work on a live queue: what others changed shows when they come back to the window.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
};

/** The count on each tab, under the same search and overdue filter as the list. */
export const adminCountsQuery = (search: Pick<AdminSearch, 'q' | 'overdue'>) => {
  const query = listQuery(search);
  return queryOptions({
    queryKey: keys.adminCounts(query),
    queryFn: () => call(adminApplications.counts.$get({ query })),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
};
