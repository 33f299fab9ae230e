import type { PaymentType } from './fees.js';
import type { Currency } from './money.js';

/** A receipt is for money taken ('payment') or given back (a credit note, 'refund'). */
export const RECEIPT_KINDS = ['payment', 'refund'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** One traveller's fee on a receipt: a family's one payment has a line per traveller. */
export interface ReceiptLine {
  applicationNumber: string;
  travellerName: string;
  /** What the line is for, e.g. "Initial assessment fee" or "Refund of the initial assessment fee". */
  description: string;
  amount: number;
}

/** The card the gateway charged (or refunded to), where it says. */
export interface ReceiptCard {
  brand: string;
  last4: string;
}

/**
 * A numbered receipt or credit note, as issued: a snapshot of what was paid or refunded, by whom
 * and for which travellers, so the document reads the same however the application changes later
 * (docs/product.md, "Receipts").
 */
export interface Receipt {
  id: number;
  /** `R-2026-000123`: one gap-free sequence per agency and calendar year (receiptNumber). */
  number: string;
  /** What it was issued for (receiptKeyOfPayment / receiptKeyOfRefund): one receipt per key. */
  key: string;
  kind: ReceiptKind;
  paymentType: PaymentType;
  /** Pence, always positive: a credit note's amount is what was refunded. */
  amount: number;
  currency: Currency;
  /** The application it is listed under (a family payment's: the lead's; groupId lists it for all). */
  applicationId: number;
  groupId: number | null;
  /** Null once the payer's account was erased. */
  userId: number | null;
  payerName: string;
  payerEmail: string;
  lines: ReceiptLine[];
  card: ReceiptCard | null;
  /** A credit note's: the number of the receipt of the payment it refunds. */
  refersTo: string | null;
  issuedAt: Date;
}

/** A receipt to issue: the store gives it the next number in the same transaction as what it records. */
export type NewReceipt = Omit<Receipt, 'id' | 'number'>;

export const RECEIPT_PREFIX = 'R';

/** The receipt number of the `sequence`th receipt of `year`: `R-2026-000123`. */
export function receiptNumber(year: number, sequence: number): string {
  return `${RECEIPT_PREFIX}-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The year a receipt's number is counted in: the UK calendar year. London is on GMT (UTC+0) from
 * late October to late March, so its New Year is UTC's.
 */
export function receiptYear(issuedAt: Date): number {
  return issuedAt.getUTCFullYear();
}

/** The key of a provider payment's receipt (a family's one payment has one receipt for all its travellers). */
export function receiptKeyOfPayment(providerPaymentId: string): string {
  return `payment:${providerPaymentId}`;
}

/** The key of a refund's credit note. */
export function receiptKeyOfRefund(refundId: number): string {
  return `refund:${refundId}`;
}

export const FEE_DESCRIPTIONS: Record<PaymentType, string> = {
  initial: 'Initial assessment fee',
  final: 'Final processing fee',
};

/** The file name a receipt is downloaded and attached as. */
export function receiptFileName(receipt: Pick<Receipt, 'number'>): string {
  return `${receipt.number}.pdf`;
}
