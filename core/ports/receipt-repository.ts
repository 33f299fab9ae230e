import type { Receipt } from '../domain/receipt.js';

/**
 * Receipts and credit notes as issued. They are written only with what they record (a payment's
 * commit, a refund's settlement: `receipt` on ApplicationChange and the refund units), numbered in
 * that same transaction; this port reads them.
 */
export interface ReceiptRepository {
  /** The receipts of an application, oldest first: its own and those of its family's payment (`groupId`). */
  listForApplication(application: { id: number; groupId: number | null }): Promise<Receipt[]>;
  findByNumber(number: string): Promise<Receipt | null>;
  findByKey(key: string): Promise<Receipt | null>;
}
