import type { Currency } from './money.js';
import type { PaymentType } from './fees.js';

export type PaymentRecordStatus = 'succeeded' | 'waived';

/** A fee recorded against an application: at most one per application and type. */
export interface PaymentRecord {
  id: number;
  applicationId: number;
  /** Null once the applicant's data has been erased (kept anonymised for accounting). */
  userId: number | null;
  type: PaymentType;
  /** The gateway's id (paymentIntentId); null for a waived fee. */
  providerPaymentId: string | null;
  amount: number;
  currency: Currency;
  status: PaymentRecordStatus;
  createdAt: Date;
}

export type NewPaymentRecord = Omit<PaymentRecord, 'id'>;

/** What the gateway says about a payment, translated at the adapter boundary. */
export interface GatewayPayment {
  id: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action' | 'canceled' | 'failed';
  amount: number;
  currency: string;
  applicationId: number | null;
  paymentType: PaymentType | null;
  createdAt: Date;
  /** The decline reason, when the gateway gave one. */
  failureMessage?: string;
  /** The card charged, where the gateway says (printed on the receipt: docs/product.md, "Receipts"). */
  card?: GatewayCard;
}

/** A card as the gateway names it: brand in the gateway's lower-case word ('visa', 'mastercard', 'amex'…) and its last 4 digits. */
export interface GatewayCard {
  brand: string;
  last4: string;
}

/**
 * The key every gateway payment of one application's fee carries. The application number (random)
 * is part of it, so a database that was reset and gave out the same ids again never meets the
 * payments of the old one at the provider.
 */
export function paymentKeyOf(application: { id: number; applicationNumber: string }, type: PaymentType): string {
  return `${application.id}:${application.applicationNumber}:${type}`;
}
