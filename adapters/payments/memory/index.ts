import type { GatewayPayment } from '../../../core/domain/payment.js';
import type { PaymentGateway } from '../../../core/ports/payment-gateway.js';
import { InProcessGateway } from '../in-process.js';

/**
 * An in-process payment gateway for tests: intents live in memory and the test decides their fate
 * with `succeed(id)` / `decline(id, message)`.
 */
export class MemoryPaymentGateway extends InProcessGateway implements PaymentGateway {
  readonly name = 'memory' as const;

  constructor(now: () => Date = () => new Date()) {
    super('pi_mem_', now);
  }

  /** Test hook: the applicant's card was charged. */
  succeed(intentId: string): GatewayPayment {
    return this.setStatus(this.require(intentId), 'succeeded');
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
