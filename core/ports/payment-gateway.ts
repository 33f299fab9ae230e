import type { GatewayPayment } from '../domain/payment.js';
import type { PaymentType } from '../domain/fees.js';
import type { Currency } from '../domain/money.js';

export interface CreatePaymentIntent {
  applicationId: number;
  paymentType: PaymentType;
  amount: number;
  currency: Currency;
  /** One key per application and fee: the gateway reuses the open intent for it. */
  idempotencyKey: string;
  customerEmail?: string;
}

export interface PaymentGateway {
  readonly name: 'test' | 'stripe' | 'memory';
  /** Creates (or reuses the open) intent for this application and fee. */
  createIntent(input: CreatePaymentIntent): Promise<{ id: string; clientSecret: string }>;
  /** Null when the gateway does not know the id. */
  retrieve(paymentIntentId: string): Promise<GatewayPayment | null>;
  /** Payments the gateway reports as succeeded, created at or after `since` (reconciliation). */
  listSucceeded(since: Date): AsyncIterable<GatewayPayment>;
}
