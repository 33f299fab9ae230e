import { createFileRoute } from '@tanstack/react-router';
import { keys } from '../../api/keys.js';
import { requireUser } from '../../features/auth/guard.js';
import { AdminDashboard } from '../../features/admin/admin-dashboard.js';
import type { AdminCounts } from '../../api/types.js';

export const Route = createFileRoute('/_authed/admin')({
  // Admin only: a signed-in non-admin is sent to /dashboard.
  beforeLoad: ({ context }) => requireUser(context, { admin: true }),
  loader: ({ context }) => {
    // Prefetch without blocking the page: it shows 'Loading applications...' meanwhile.
    void context.queryClient.prefetchQuery<AdminCounts>({ queryKey: keys.adminCounts });
  },
  component: AdminDashboard,
});
