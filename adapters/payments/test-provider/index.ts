import { errors } from '../../../core/domain/errors.js';
import type { GatewayCard, GatewayPayment } from '../../../core/domain/payment.js';
import type { PaymentGateway } from '../../../core/ports/payment-gateway.js';
import { InProcessGateway } from '../in-process.js';
import { MemoryInProcessStore, type InProcessPaymentStore } from '../in-process-store.js';

/** Card numbers the test provider understands (the same ones Stripe's test mode uses). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const CARD_INCORRECT_MESSAGE = 'Your card number is incorrect.';

/**
 * The card as a gateway reports it: the brand from the number's first digits (the issuer ranges
 * of the networks Stripe names) and its last 4 digits.
 */
export function cardOf(digits: string): GatewayCard {
  const brand = /^4/.test(digits) ? 'visa' : /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/.test(digits) ? 'mastercard' : /^3[47]/.test(digits) ? 'amex' : 'unknown';
  return { brand, last4: digits.slice(-4) };
}

/**
 * The built-in payment provider used when Stripe is not configured: it plays the card network.
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, any other number is "incorrect".
 * Its payments and refunds are kept in `store` — the agency's database on the embedded defaults
 * (`persistence.testPayments`), so refunds and reconciliation of payments taken before a restart
 * work; in memory when none is given (tests).
 */
export class TestPaymentProvider extends InProcessGateway implements PaymentGateway {
  readonly name = 'test' as const;

  constructor(now: () => Date = () => new Date(), store: InProcessPaymentStore = new MemoryInProcessStore()) {
    super('pi_test_', now, store);
  }

  /**
   * "Charges" a card for an intent (id or client secret). Declines leave the intent waiting for
   * another card, with the decline message; a succeeded intent is not charged twice.
   */
  confirmWithCard(paymentIntentId: string, cardNumber: string): Promise<GatewayPayment> {
    return this.exclusive(async () => {
      const intent = await this.find(paymentIntentId);
      if (!intent) throw errors.notFound('Payment');
      if (intent.payment.status === 'succeeded') return intent.payment;
      if (intent.payment.status === 'canceled') throw errors.paymentNotSucceeded('This payment was canceled. Please start the payment again.');
      const digits = cardNumber.replace(/[\s-]/g, '');
      if (digits === TEST_CARDS.success) return this.charge(intent, cardOf(digits));
      if (digits === TEST_CARDS.declined) return this.setStatus(intent, 'requires_payment_method', CARD_DECLINED_MESSAGE);
      return this.setStatus(intent, 'requires_payment_method', CARD_INCORRECT_MESSAGE);
    });
  }

  /** Test hook: change what the provider reports of a payment (e.g. a tampered amount). */
  async tamper(paymentIntentId: string, changes: Partial<Omit<GatewayPayment, 'id'>>): Promise<void> {
    const intent = await this.find(paymentIntentId);
    if (!intent) throw new Error(`No such payment intent: ${paymentIntentId}`);
    await this.store.saveIntent({ ...intent.payment, ...changes });
  }
}
