import type { ComponentProps } from 'react';
import { AdminDashboard as Dashboard } from '../../apps/web/src/features/admin/admin-dashboard.js';
import { ApplicationCard as Card } from '../../apps/web/src/features/dashboard/application-card.js';
import { DashboardPage as Page } from '../../apps/web/src/features/dashboard/dashboard-page.js';
import { DashboardPartsProvider } from '../../apps/web/src/features/dashboard/parts.js';
import { adminParts } from '../../apps/web/src/routes/_authed/-admin-parts.js';
import { dashboardParts } from '../../apps/web/src/routes/_authed/-dashboard-parts.js';

// The pages with the other features' parts their routes compose (features never import each other),
// for the tests that render one page or one card on its own.

export function AdminDashboard() {
  return <Dashboard parts={adminParts} />;
}

export function DashboardPage() {
  return <Page parts={dashboardParts} />;
}

export function ApplicationCard(props: ComponentProps<typeof Card>) {
  return (
    <DashboardPartsProvider parts={dashboardParts}>
      <Card {...props} />
    </DashboardPartsProvider>
  );
}
