export { openPaymentGateway } from './open.js';
export { MemoryPaymentGateway } from './memory/index.js';
export { TestPaymentProvider, TEST_CARDS, CARD_DECLINED_MESSAGE, CARD_INCORRECT_MESSAGE } from './test-provider/index.js';
export {
  StripePaymentGateway,
  WebhookSignatureError,
  isWebhookVerifier,
  toGatewayPayment,
  PAYMENTS_UNAVAILABLE_MESSAGE,
  INVALID_SIGNATURE_MESSAGE,
  type StripeGatewayConfig,
  type WebhookVerifier,
} from './stripe/index.js';

