// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { RulesPage } from './rules-page.js';
export { loadAdminRulesQuery } from './load-query.js';
