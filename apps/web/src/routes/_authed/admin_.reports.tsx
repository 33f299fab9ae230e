import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { requireStaffPermission } from '../../lib/guard.js';
import { parseReportsSearch, ReportsPage } from '../../features/reports/index.js';

export const Route = createFileRoute('/_authed/admin_/reports')({
  staticData: { title: msg('Reports') },
  validateSearch: parseReportsSearch,
  // Staff whose role has reports.read (admin, finance): other staff go back to the dashboard,
  // applicants to theirs. The permission table loads with the admin pages, not the landing page's bundle.
  beforeLoad: ({ context }) => requireStaffPermission(context, 'reports.read'),
  component: ReportsPage,
});
