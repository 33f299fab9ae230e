// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { FaqPage } from './faq-page.js';
export { PrivacyPage } from './privacy-page.js';
export { TermsPage } from './terms-page.js';
export { LazyNotFoundPage } from './lazy-not-found.js';
