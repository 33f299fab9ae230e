import { createFileRoute } from '@tanstack/react-router';
import { requireStaffPermission } from '../../features/auth/guard.js';
import { adminRulesQuery } from '../../features/rules/api.js';
import { RulesPage } from '../../features/rules/rules-page.js';

export const Route = createFileRoute('/_authed/admin_/rules')({
  staticData: { title: "Egypt's rules" },
  // Admins only (rules.manage): other staff go back to the dashboard, applicants to theirs.
  beforeLoad: ({ context }) => requireStaffPermission(context, 'rules.manage'),
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminRulesQuery),
  component: RulesPage,
});
