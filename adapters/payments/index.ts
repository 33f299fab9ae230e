import type { PaymentGateway } from '../../core/ports/payment-gateway.js';
import { StripePaymentGateway, type StripeGatewayConfig } from './stripe/index.js';
import { TestPaymentProvider } from './test-provider/index.js';

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

/** STRIPE_* configured → Stripe; otherwise the built-in test provider that plays the card network. */
export function openPaymentGateway(stripe: StripeGatewayConfig | null, now: () => Date = () => new Date()): PaymentGateway {
  if (stripe) return new StripePaymentGateway(stripe);
  return new TestPaymentProvider(now);
}
