// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { ContactPage } from './contact-page.js';
