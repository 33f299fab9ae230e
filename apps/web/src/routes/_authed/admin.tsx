import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { requireUser } from '../../lib/guard.js';
import { AdminDashboard, adminCountsQuery, adminPageQuery, compactAdminSearch, parseAdminSearch } from '../../features/admin/index.js';
import { StaffEnrolmentGate } from '../../features/two-factor/index.js';
import { adminParts } from './-admin-parts.js';

export const Route = createFileRoute('/_authed/admin')({
  staticData: { title: msg('Admin Dashboard') },
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
  component: AdminPage,
});

/**
 * The dashboard with the other features' parts, behind the staff enrolment gate: a member of staff
 * whom the server refuses until they set up two-factor sign-in sees the prompt instead (the gate
 * asks with the tab counts the dashboard reads anyway).
 */
function AdminPage() {
  return (
    <StaffEnrolmentGate probe={adminCountsQuery({ q: '', overdue: false })}>
      <AdminDashboard parts={adminParts} />
    </StaffEnrolmentGate>
  );
}
