// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { DashboardPage } from './dashboard-page.js';
export type { DashboardParts } from './parts.js';
export { dashboardApplicationsQuery } from './api.js';
