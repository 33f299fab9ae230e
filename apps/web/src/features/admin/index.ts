// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { AdminDashboard } from './admin-dashboard.js';
export type { AdminParts } from './parts.js';
export { adminCountsQuery, adminPageQuery } from './list-queries.js';
export { compactAdminSearch, parseAdminSearch } from './search.js';
