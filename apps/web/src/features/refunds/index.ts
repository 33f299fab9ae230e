// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { RefundQueue } from './refund-queue.js';
export { RefundsSection } from './refunds-section.js';
export { RefundedNotice } from './refunded-notice.js';
