import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { requireStaffPermission } from '../../lib/guard.js';
import { PortalStatusPage } from '../../features/portal-status/index.js';

export const Route = createFileRoute('/_authed/admin_/portal-status')({
  staticData: { title: msg('Official portal status') },
  // Admins only (operations.run): other staff go back to the dashboard, applicants to theirs.
  beforeLoad: ({ context }) => requireStaffPermission(context, 'operations.run'),
  component: PortalStatusPage,
});
