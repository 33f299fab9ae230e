// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { AuditPage } from './audit-page.js';
export { AuditTrail } from './audit-trail.js';
export type { AuditSearch } from './search.js';
