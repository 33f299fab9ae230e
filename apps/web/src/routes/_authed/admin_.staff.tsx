import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { requireStaffPermission } from '../../lib/guard.js';
import { staffQuery } from '../../api/staff.js';
import { StaffPage } from '../../features/staff/index.js';

export const Route = createFileRoute('/_authed/admin_/staff')({
  staticData: { title: msg('Staff') },
  // Admins only (staff.manage): other staff go back to the dashboard, applicants to theirs. The
  // permission table loads with the admin pages, not with the landing page's bundle (its budget).
  beforeLoad: ({ context }) => requireStaffPermission(context, 'staff.manage'),
  loader: ({ context }) => void context.queryClient.prefetchQuery(staffQuery),
  component: StaffPage,
});
