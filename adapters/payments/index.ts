export { openPaymentGateway } from './open.js';
export { TestPaymentProvider, CARD_DECLINED_MESSAGE, CARD_INCORRECT_MESSAGE } from './test-provider/index.js';
export { StripePaymentGateway, toGatewayPayment } from './stripe/index.js';
export { WebhookSignatureError } from './webhook.js';
