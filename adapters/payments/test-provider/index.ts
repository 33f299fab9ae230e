import { errors } from '../../../core/domain/errors.js';
import type { GatewayPayment } from '../../../core/domain/payment.js';
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
    if (digits === TEST_CARDS.success) return this.setStatus(intent, 'succeeded');
    if (digits === TEST_CARDS.declined) return this.setStatus(intent, 'requires_payment_method', CARD_DECLINED_MESSAGE);
    return this.setStatus(intent, 'requires_payment_method', CARD_INCORRECT_MESSAGE);
  }
}
