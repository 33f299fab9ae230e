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
  loaderDeps: ({ search }) => parseAdminSearch(search),
  loader: ({ context, deps }) => {
    // Prefetch without blocking the page: it shows 'Loading applications...' meanwhile.
    void context.queryClient.prefetchQuery(adminCountsQuery(deps));
    void context.queryClient.prefetchQuery(adminPageQuery(deps));
  },
  component: AdminOrEnrolment,
});
