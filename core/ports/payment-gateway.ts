import type { GatewayPayment } from '../domain/payment.js';
import type { PaymentType } from '../domain/fees.js';
import type { Currency } from '../domain/money.js';

export interface CreatePaymentIntent {
  applicationId: number;
  paymentType: PaymentType;
  amount: number;
  currency: Currency;
  /**
   * One key per application and fee (`paymentKeyOf` in core/domain/payment.ts): every payment the
   * gateway opens for this fee carries it, so the gateway finds them all again.
   */
  idempotencyKey: string;
  customerEmail?: string;
}

/**
 * What the gateway holds for a fee when asked to open a payment for it. A fee has at most one open
 * payment: an open one is reused (its amount follows the core), and a fee already charged — or
 * being charged — at the provider is reported instead of opening another payable one.
 */
export type FeePayment =
  | { status: 'open'; id: string; clientSecret: string }
  /** The provider took this payment for the fee (recorded or not): nothing new is opened. */
  | { status: 'succeeded'; payment: GatewayPayment }
  /** A payment for the fee is under way at the provider: nothing new is opened until it settles. */
  | { status: 'processing'; payment: GatewayPayment };

export interface PaymentGateway {
  readonly name: 'test' | 'stripe' | 'memory';
  /** Reuses the fee's open payment, or reports one already taken or under way, or opens one. */
  openFeePayment(input: CreatePaymentIntent): Promise<FeePayment>;
  /** Cancels every open (unpaid) payment of the fee, e.g. when it was waived; answers how many. */
  cancelOpenPayments(idempotencyKey: string): Promise<number>;
  /** Null when the gateway does not know the id. */
  retrieve(paymentIntentId: string): Promise<GatewayPayment | null>;
  /** Payments the gateway reports as succeeded, created at or after `since` (reconciliation). */
  listSucceeded(since: Date): AsyncIterable<GatewayPayment>;
}
