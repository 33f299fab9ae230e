// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { ReportsPage } from './reports-page.js';
export { parseReportsSearch } from './search.js';
