// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { PortalStatusPage } from './portal-status-page.js';
export { PortalStatusLink } from './portal-status-link.js';
export { LazyOutageBanner } from './lazy-outage-banner.js';
