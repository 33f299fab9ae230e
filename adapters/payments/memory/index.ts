import type { GatewayCard, GatewayPayment } from '../../../core/domain/payment.js';
import type { PaymentGateway } from '../../../core/ports/payment-gateway.js';
import { InProcessGateway } from '../in-process.js';

/** The card the memory gateway reports as charged unless a test names another. */
export const MEMORY_TEST_CARD: GatewayCard = { brand: 'visa', last4: '4242' };

/**
 * An in-process payment gateway for tests: intents live in memory and the test decides their fate
 * with `succeed(id)` / `decline(id, message)`.
 */
export class MemoryPaymentGateway extends InProcessGateway implements PaymentGateway {
  readonly name = 'memory' as const;

  constructor(now: () => Date = () => new Date()) {
    super('pi_mem_', now);
  }

  /**
   * Test hook: the applicant's card was charged: a Visa ending 4242 unless `card` names another
   * (null: the gateway does not say which card).
   */
  succeed(intentId: string, card: GatewayCard | null = MEMORY_TEST_CARD): GatewayPayment {
    return this.charge(this.require(intentId), card ?? undefined);
  }

  /** Test hook: the card was declined; the intent waits for another payment method. */
  decline(intentId: string, message = 'Your card was declined.'): GatewayPayment {
    return this.setStatus(this.require(intentId), 'requires_payment_method', message);
  }

  /** Test hook: change what the gateway reports (e.g. a tampered amount or metadata). */
  tamper(intentId: string, changes: Partial<Omit<GatewayPayment, 'id'>>): GatewayPayment {
    return this.mutate(this.require(intentId), changes);
  }

  private require(intentId: string) {
    const intent = this.find(intentId);
    if (!intent) throw new Error(`No such payment intent: ${intentId}`);
    return intent;
  }
}
