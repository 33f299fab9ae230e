// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { StaffPage } from './staff-page.js';
