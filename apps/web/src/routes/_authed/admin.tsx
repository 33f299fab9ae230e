import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '../../features/auth/guard.js';
import { AdminOrEnrolment } from '../../features/two-factor/staff-enrolment.js';
import { adminCountsQuery, adminPageQuery } from '../../features/admin/list-queries.js';
import { compactAdminSearch, parseAdminSearch } from '../../features/admin/search.js';

export const Route = createFileRoute('/_authed/admin')({
  staticData: { title: 'Admin Dashboard' },
  validateSearch: (search: Record<string, unknown>) => compactAdminSearch(parseAdminSearch(search)),
  // Admin only: a signed-in non-admin is sent to /dashboard.
  beforeLoad: ({ context }) => requireUser(context, { admin: true }),
  // No loaderDeps: a new search (typing, a tab, a page) must stay the same route match. With the search
  // as loader deps each change was a new match, and a navigation slower than the router's pendingMs
  // swapped the page for its spinner, unmounting it: an open side panel closed and what staff had
  // typed in it was lost.
  loader: ({ context, location }) => {
    const search = parseAdminSearch(location.search as Record<string, unknown>);
    // Prefetch without blocking the page: it shows 'Loading applications...' meanwhile.
    void context.queryClient.prefetchQuery(adminCountsQuery(search));
    // Without a tab in the address the dashboard first asks the work queue which tab it is.
    if (search.tab) void context.queryClient.prefetchQuery(adminPageQuery({ ...search, tab: search.tab }));
  },
  component: AdminOrEnrolment,
});
