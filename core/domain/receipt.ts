import type { PaymentType } from './fees.js';
import type { Currency } from './money.js';
import { OFFICIAL_FEE_INCLUDED } from './price.js';
import { feeName, personName } from './wording.js';

/** A receipt is for money taken ('payment') or given back (a credit note, 'refund'). */
export const RECEIPT_KINDS = ['payment', 'refund'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** One traveller's fee on a receipt: a family's one payment has a line per traveller. */
export interface ReceiptLine {
  applicationNumber: string;
  travellerName: string;
  /**
   * What the line is for: 'Initial fee', 'Final fee', 'Refund of the initial fee' (receiptLine).
   * Kept as issued: receipts issued before the fees had one name read 'Initial assessment fee' and
   * 'Final processing fee', and still do (docs/product.md §4.6).
   */
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

/** A payment's line: the fee by its one name, 'Initial fee' or 'Final fee' (docs/product.md §14.4). */
export function feeLine(type: PaymentType): string {
  return feeName(type, { capital: true });
}

/** A credit note's line: 'Refund of the initial fee'. */
export function refundLine(type: PaymentType): string {
  return `Refund of the ${feeName(type)}`;
}

/**
 * What a receipt says under its lines: who we are, and that the fees include Egypt's own e-visa fee,
 * which the agency pays on the portal (docs/product.md §2.16, §14.4) — in the words of the payment
 * pages ('the official Egypt e-visa fee included').
 */
export const RECEIPT_NOTE =
  'We are a private agency, not the Egyptian government. Our fees are for our service of preparing, checking and submitting your ' +
  `application, ${OFFICIAL_FEE_INCLUDED}: we pay it on the portal for you.`;

/** What a credit note says under its lines. */
export const CREDIT_NOTE_NOTE = 'The amount above has been refunded to the card that paid it. Banks usually show it within 5 to 10 working days.';

/** The file name a receipt is downloaded and attached as. */
export function receiptFileName(receipt: Pick<Receipt, 'number'>): string {
  return `${receipt.number}.pdf`;
}

/** Who paid: the account that paid the fee. */
export interface ReceiptPayer {
  userId: number;
  fullName: string;
  email: string;
}

/** A traveller a fee was paid for. */
export interface ReceiptTraveller {
  applicationNumber: string;
  givenName: string;
  surname: string;
}

/** The traveller's name as people write it (a passport scan's capitals in title case), kept as issued. */
function travellerName(t: ReceiptTraveller): string {
  return personName(`${t.givenName} ${t.surname}`);
}

/**
 * The receipt of a recorded payment: a line per traveller it paid for (one, or each of a family's),
 * each at `amountEach` pence. `applicationId` is the application it is listed under (a family's:
 * the lead's, with `groupId` so every member lists it).
 */
export function paymentReceipt(input: {
  providerPaymentId: string;
  paymentType: PaymentType;
  payer: ReceiptPayer;
  travellers: ReceiptTraveller[];
  amountEach: number;
  currency: Currency;
  card: ReceiptCard | null;
  applicationId: number;
  groupId: number | null;
  issuedAt: Date;
}): NewReceipt {
  const lines = input.travellers.map((t) => ({
    applicationNumber: t.applicationNumber,
    travellerName: travellerName(t),
    description: feeLine(input.paymentType),
    amount: input.amountEach,
  }));
  return {
    key: receiptKeyOfPayment(input.providerPaymentId),
    kind: 'payment',
    paymentType: input.paymentType,
    amount: lines.reduce((sum, line) => sum + line.amount, 0),
    currency: input.currency,
    applicationId: input.applicationId,
    groupId: input.groupId,
    userId: input.payer.userId,
    payerName: personName(input.payer.fullName),
    payerEmail: input.payer.email,
    lines,
    card: input.card,
    refersTo: null,
    issuedAt: input.issuedAt,
  };
}

/** The credit note of a succeeded refund: one line, for the traveller whose fee was refunded. */
export function creditNote(input: {
  refundId: number;
  paymentType: PaymentType;
  amount: number;
  currency: Currency;
  payer: ReceiptPayer | { userId: null; fullName: string; email: string };
  traveller: ReceiptTraveller;
  card: ReceiptCard | null;
  applicationId: number;
  /** The number of the payment's receipt, when it has one (payments recorded before receipts existed have none). */
  refersTo: string | null;
  issuedAt: Date;
}): NewReceipt {
  return {
    key: receiptKeyOfRefund(input.refundId),
    kind: 'refund',
    paymentType: input.paymentType,
    amount: input.amount,
    currency: input.currency,
    applicationId: input.applicationId,
    groupId: null,
    userId: input.payer.userId,
    payerName: personName(input.payer.fullName),
    payerEmail: input.payer.email,
    lines: [
      {
        applicationNumber: input.traveller.applicationNumber,
        travellerName: travellerName(input.traveller),
        description: refundLine(input.paymentType),
        amount: input.amount,
      },
    ],
    card: input.card,
    refersTo: input.refersTo,
    issuedAt: input.issuedAt,
  };
}

/** What an erased person's name reads as on the receipts that are kept. */
export const ERASED_NAME = 'Erased';

/**
 * A receipt of a person whose data is erased (the right to erasure): kept, as the accounting record
 * of money taken or refunded, with its number, date, amounts, fee lines and application numbers,
 * but without who paid or travelled, nor the card, as payments are kept without their user
 * (docs/product.md, "Receipts").
 */
export function erasedReceipt<R extends Pick<Receipt, 'lines'>>(receipt: R): Pick<Receipt, 'userId' | 'payerName' | 'payerEmail' | 'lines' | 'card'> {
  return {
    userId: null,
    payerName: ERASED_NAME,
    payerEmail: '',
    lines: receipt.lines.map((line) => ({ ...line, travellerName: ERASED_NAME })),
    card: null,
  };
}
