import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { requireStaffPermission } from '../../lib/guard.js';
import { loadAdminRulesQuery, RulesPage } from '../../features/rules/index.js';

export const Route = createFileRoute('/_authed/admin_/rules')({
  staticData: { title: msg("Egypt's rules") },
  // Admins only (rules.manage): other staff go back to the dashboard, applicants to theirs.
  beforeLoad: ({ context }) => requireStaffPermission(context, 'rules.manage'),
  // The rules' client is fetched with the page's code, not with every page's (the landing budget).
  loader: async ({ context }) => {
    void context.queryClient.prefetchQuery(await loadAdminRulesQuery());
  },
  component: RulesPage,
});
