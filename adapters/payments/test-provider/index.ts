import { errors } from '../../../core/domain/errors.js';
import type { GatewayCard, GatewayPayment } from '../../../core/domain/payment.js';
import type { PaymentGateway } from '../../../core/ports/payment-gateway.js';
import { InProcessGateway } from '../in-process.js';

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
  const brand = /^4/.test(digits)
    ? 'visa'
    : /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/.test(digits)
      ? 'mastercard'
      : /^3[47]/.test(digits)
        ? 'amex'
        : 'unknown';
  return { brand, last4: digits.slice(-4) };
}

/**
 * The built-in payment provider used when Stripe is not configured: it plays the card network.
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, any other number is "incorrect".
 * Intents live in this process's memory (a restart forgets unpaid intents; paid ones are recorded
 * by the core as soon as they are confirmed).
 */
export class TestPaymentProvider extends InProcessGateway implements PaymentGateway {
  readonly name = 'test' as const;

  constructor(now: () => Date = () => new Date()) {
    super('pi_test_', now);
  }

  /**
   * "Charges" a card for an intent (id or client secret). Declines leave the intent waiting for
   * another card, with the decline message; a succeeded intent is not charged twice.
   */
  async confirmWithCard(paymentIntentId: string, cardNumber: string): Promise<GatewayPayment> {
    const intent = this.find(paymentIntentId);
    if (!intent) throw errors.notFound('Payment');
    if (intent.payment.status === 'succeeded') return { ...intent.payment };
    if (intent.payment.status === 'canceled') throw errors.paymentNotSucceeded('This payment was canceled. Please start the payment again.');
    const digits = cardNumber.replace(/[\s-]/g, '');
    if (digits === TEST_CARDS.success) return this.charge(intent, cardOf(digits));
    if (digits === TEST_CARDS.declined) return this.setStatus(intent, 'requires_payment_method', CARD_DECLINED_MESSAGE);
    return this.setStatus(intent, 'requires_payment_method', CARD_INCORRECT_MESSAGE);
  }
}
