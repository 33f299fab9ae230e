// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { PaymentPage } from './payment-page.js';
export { PaymentPanel } from './payment-panel.js';
export { paymentPageApplicationsQuery } from './payment-query.js';
