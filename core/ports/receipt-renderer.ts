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

/** Draws a receipt or credit note as a PDF document. */
export interface ReceiptRenderer {
  render(receipt: Receipt, issuer: ReceiptIssuer): Promise<Uint8Array>;
}
