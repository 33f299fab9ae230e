import type { Locale } from '../domain/locale.js';
import type { Receipt } from '../domain/receipt.js';

/** Who issues the receipts: the agency's details printed on every receipt and credit note. */
export interface ReceiptIssuer {
  agencyName: string;
  /** Postal address, one line per element. */
  agencyAddress: string[];
  agencyEmail: string;
  /** Null: the receipt says "Not VAT registered". */
  vatNumber: string | null;
}

/** Draws a receipt or credit note as a PDF document, in the payer's language. */
export interface ReceiptRenderer {
  render(receipt: Receipt, issuer: ReceiptIssuer, locale: Locale): Promise<Uint8Array>;
}
