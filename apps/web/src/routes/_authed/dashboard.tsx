import { createFileRoute } from '@tanstack/react-router';
import { dashboardApplicationsQuery } from '../../features/dashboard/api.js';
import { DashboardPage } from '../../features/dashboard/dashboard-page.js';

export const Route = createFileRoute('/_authed/dashboard')({
  staticData: { title: 'My Applications' },
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardApplicationsQuery),
  component: DashboardPage,
});
