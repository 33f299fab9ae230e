import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireUser } from '../../features/auth/guard.js';
import { staffQuery } from '../../features/staff/staff-query.js';
import { StaffPage } from '../../features/staff/staff-page.js';

export const Route = createFileRoute('/_authed/admin_/staff')({
  staticData: { title: 'Staff' },
  // Admins only (staff.manage): other staff go back to the dashboard, applicants to theirs. The
  // permission table loads with the admin pages, not with the landing page's bundle (its budget).
  beforeLoad: async ({ context }) => {
    const { user } = await requireUser(context, { admin: true });
    const { userCan } = await import('../../lib/permissions.js');
    if (!userCan(user, 'staff.manage')) throw redirect({ to: '/admin' });
  },
  loader: ({ context }) => void context.queryClient.prefetchQuery(staffQuery),
  component: StaffPage,
});
