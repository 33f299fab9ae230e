import type { GatewayCard, GatewayPayment } from '../../../core/domain/payment.js';
import type { GatewayRefund } from '../../../core/domain/refund.js';
import type { PaymentGateway } from '../../../core/ports/payment-gateway.js';
import { InProcessGateway, REFUND_DECLINED_MESSAGE, refundedOf } from '../in-process.js';
import { MemoryInProcessStore, type StoredIntent } from '../in-process-store.js';

/** The card the memory gateway reports as charged unless a test names another. */
export const MEMORY_TEST_CARD: GatewayCard = { brand: 'visa', last4: '4242' };

function copyOf(payment: GatewayPayment): GatewayPayment {
  return payment.card ? { ...payment, card: { ...payment.card } } : { ...payment };
}

/**
 * An in-process payment gateway for tests: intents live in memory and the test decides their fate
 * with `succeed(id)` / `decline(id, message)` — synchronously, on the stored payment itself.
 */
export class MemoryPaymentGateway extends InProcessGateway implements PaymentGateway {
  readonly name = 'memory' as const;
  readonly #book: MemoryInProcessStore;

  constructor(now: () => Date = () => new Date()) {
    const book = new MemoryInProcessStore();
    super('pi_mem_', now, book);
    this.#book = book;
  }

  /**
   * Test hook: the applicant's card was charged: a Visa ending 4242 unless `card` names another
   * (null: the gateway does not say which card).
   */
  succeed(intentId: string, card: GatewayCard | null = MEMORY_TEST_CARD): GatewayPayment {
    const intent = this.require(intentId);
    if (card) intent.payment.card = { ...card };
    else delete intent.payment.card;
    return this.set(intent, 'succeeded');
  }

  /** Test hook: the card was declined; the intent waits for another payment method. */
  decline(intentId: string, message = 'Your card was declined.'): GatewayPayment {
    return this.set(this.require(intentId), 'requires_payment_method', message);
  }

  /** Test hook: change what the gateway reports (e.g. a tampered amount or metadata). */
  tamper(intentId: string, changes: Partial<Omit<GatewayPayment, 'id'>>): GatewayPayment {
    const intent = this.require(intentId);
    Object.assign(intent.payment, changes);
    return copyOf(intent.payment);
  }

  /** Every intent created so far (tests, diagnostics). */
  all(): GatewayPayment[] {
    return this.#book.allNow();
  }

  /** Test hook: the gateway settles a refund that was pending. */
  settleRefund(gatewayRefundId: string, status: 'succeeded' | 'failed'): GatewayRefund {
    const refund = this.#book.liveRefund(gatewayRefundId);
    if (!refund) throw new Error(`No such refund: ${gatewayRefundId}`);
    refund.status = status;
    if (status === 'failed') refund.failureReason = REFUND_DECLINED_MESSAGE;
    return { ...refund };
  }

  /** Test hook: staff refund a payment at the provider, outside the product (no refund id of ours). */
  refundOutside(paymentId: string, amount: number): GatewayRefund {
    const payment = this.#book.live(paymentId)?.payment;
    if (!payment || payment.status !== 'succeeded' || amount > payment.amount - refundedOf(this.#book.refundsOfPaymentNow(paymentId))) {
      throw new Error(`Cannot refund ${amount} of ${paymentId}`);
    }
    const refund = this.newRefund(payment, amount, null, 'succeed');
    this.#book.insertRefundNow(refund, null);
    return { ...refund };
  }

  private set(intent: StoredIntent, status: GatewayPayment['status'], failureMessage?: string): GatewayPayment {
    intent.payment.status = status;
    if (failureMessage) intent.payment.failureMessage = failureMessage;
    else delete intent.payment.failureMessage;
    return copyOf(intent.payment);
  }

  private require(intentId: string): StoredIntent {
    const id = intentId.includes('_secret_') ? intentId.slice(0, intentId.indexOf('_secret_')) : intentId;
    const intent = this.#book.live(id);
    if (!intent) throw new Error(`No such payment intent: ${intentId}`);
    return intent;
  }
}
