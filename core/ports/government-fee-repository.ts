import type { GovernmentFee } from '../domain/portal-ledger.js';

/** The dated government fee configuration (docs/product.md §2.16). */
export interface GovernmentFeeRepository {
  /** Every entry, by effectiveFrom, oldest first. */
  list(): Promise<GovernmentFee[]>;
  /** Stores the entry, replacing one with the same effectiveFrom; answers the replaced entry or null. */
  set(fee: GovernmentFee): Promise<GovernmentFee | null>;
}
