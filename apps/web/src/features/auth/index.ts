// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { AuthPage } from './auth-page.js';
export { parseAuthSearch } from './auth-search.js';
export { AuthedLayout } from './authed-layout.js';
