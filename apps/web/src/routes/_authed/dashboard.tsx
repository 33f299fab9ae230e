import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { dashboardApplicationsQuery, DashboardPage } from '../../features/dashboard/index.js';
import { dashboardParts } from './-dashboard-parts.js';

export const Route = createFileRoute('/_authed/dashboard')({
  staticData: { title: msg('My Applications') },
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardApplicationsQuery),
  component: Dashboard,
});

/** The dashboard with what other features show on it (./-dashboard-parts.tsx). */
function Dashboard() {
  return <DashboardPage parts={dashboardParts} />;
}
