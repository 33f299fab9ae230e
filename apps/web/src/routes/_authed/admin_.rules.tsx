import { createFileRoute } from '@tanstack/react-router';
import { requireStaffPermission } from '../../features/auth/guard.js';
import { RulesPage } from '../../features/rules/rules-page.js';

export const Route = createFileRoute('/_authed/admin_/rules')({
  staticData: { title: "Egypt's rules" },
  // Admins only (rules.manage): other staff go back to the dashboard, applicants to theirs.
  beforeLoad: ({ context }) => requireStaffPermission(context, 'rules.manage'),
  // The rules' client is fetched with the page's code, not with every page's (the landing budget).
  loader: async ({ context }) => {
    const { adminRulesQuery } = await import('../../features/rules/api.js');
    void context.queryClient.prefetchQuery(adminRulesQuery);
  },
  component: RulesPage,
});
