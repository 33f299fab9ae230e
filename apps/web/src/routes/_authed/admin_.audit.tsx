import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { requireStaffPermission } from '../../lib/guard.js';
import { AuditPage } from '../../features/audit/index.js';
import type { AuditSearch } from '../../features/audit/index.js';

export const Route = createFileRoute('/_authed/admin_/audit')({
  staticData: { title: msg('Audit log') },
  // Read by the page itself (parseAuditSearch): what a route checks is in the landing page's bundle (its size budget).
  validateSearch: (search: Record<string, unknown>) => search as AuditSearch,
  // Staff whose role has audit.read (admins): other staff go back to the dashboard, applicants to
  // theirs. The permission table loads with the admin pages, not the landing page's bundle.
  beforeLoad: ({ context }) => requireStaffPermission(context, 'audit.read'),
  component: AuditPage,
});
