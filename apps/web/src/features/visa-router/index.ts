// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { VisaRouterPage } from './visa-router-page.js';
