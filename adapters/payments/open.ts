import type { PaymentGateway } from '../../core/ports/payment-gateway.js';
import type { InProcessPaymentStore } from './in-process-store.js';
import type { StripeGatewayConfig } from './stripe/index.js';
import { TestPaymentProvider } from './test-provider/index.js';

/**
 * Stripe when configured (its SDK loaded only then), else the built-in test provider, keeping its
 * payments in `testPayments` (the database's book; in memory when none is given).
 */
export async function openPaymentGateway(stripe: StripeGatewayConfig | null, now: () => Date = () => new Date(), testPayments?: InProcessPaymentStore): Promise<PaymentGateway> {
  if (stripe) {
    const { StripePaymentGateway } = await import('./stripe/index.js');
    return new StripePaymentGateway(stripe);
  }
  return new TestPaymentProvider(now, testPayments);
}
