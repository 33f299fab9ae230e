import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireUser } from '../../features/auth/guard.js';
import { AuditPage } from '../../features/audit/audit-page.js';
import { parseAuditSearch } from '../../features/audit/search.js';

export const Route = createFileRoute('/_authed/admin_/audit')({
  staticData: { title: 'Audit log' },
  validateSearch: parseAuditSearch,
  // Staff whose role has audit.read (admins): other staff go back to the dashboard, applicants to
  // theirs. The permission table loads with the admin pages, not the landing page's bundle.
  beforeLoad: async ({ context }) => {
    const { user } = await requireUser(context, { admin: true });
    const { userCan } = await import('../../lib/permissions.js');
    if (!userCan(user, 'audit.read')) throw redirect({ to: '/admin' });
  },
  component: AuditPage,
});
