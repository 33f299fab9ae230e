import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireUser } from '../../features/auth/guard.js';
import { staffQuery } from '../../features/staff/api.js';
import { StaffPage } from '../../features/staff/staff-page.js';
import { userCan } from '../../lib/permissions.js';

export const Route = createFileRoute('/_authed/admin_/staff')({
  staticData: { title: 'Staff' },
  // Admins only (staff.manage): other staff go back to the dashboard, applicants to theirs.
  beforeLoad: async ({ context }) => {
    const { user } = await requireUser(context, { admin: true });
    if (!userCan(user, 'staff.manage')) throw redirect({ to: '/admin' });
  },
  loader: ({ context }) => void context.queryClient.prefetchQuery(staffQuery),
  component: StaffPage,
});
