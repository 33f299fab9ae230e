import type { GatewayPayment } from '../domain/payment.js';
import type { PaymentType } from '../domain/fees.js';
import type { Currency } from '../domain/money.js';
import type { GatewayRefund, RefundOutcome } from '../domain/refund.js';

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

/** A refund to make at the gateway (docs/product.md §4.7). */
export interface RefundInput {
  /** The gateway's id of the payment to refund (the provider payment id). */
  paymentId: string;
  amount: number;
  currency: Currency;
  /** `refundIdempotencyKey(refundId)`: asking again with it never refunds twice. */
  idempotencyKey: string;
  /** Our refund's id, stored with the gateway's refund (metadata) so its webhooks and listings find it. */
  refundId: number;
}

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

  /**
   * Refunds (part of) a payment, once per idempotency key: a retry answers the refund already made.
   * Answers the refund the gateway made (possibly still 'pending'), or its refusal (more than is
   * left, a payment it never took); throws Unavailable when it cannot be reached.
   */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /** Null when the gateway does not know the id. */
  retrieveRefund(gatewayRefundId: string): Promise<GatewayRefund | null>;
  /** Every refund the gateway made since `since`, made here or outside the product (reconciliation). */
  listRefunds(since: Date): AsyncIterable<GatewayRefund>;
}
