import type { GovernmentFee } from '../domain/portal-ledger.js';
import type { NewAuditEntry } from '../domain/audit.js';

/** The dated government fee configuration (docs/product.md §2.16). */
export interface GovernmentFeeRepository {
  /** Every entry, by effectiveFrom, oldest first. */
  list(): Promise<GovernmentFee[]>;
  /**
   * Stores the entry, replacing one with the same effectiveFrom; answers the replaced entry or null.
   * `audit` gives the staff action's rows from the replaced entry (read in the same transaction),
   * appended with the write (decision 0010).
   */
  set(fee: GovernmentFee, audit?: (previous: GovernmentFee | null) => NewAuditEntry[]): Promise<GovernmentFee | null>;
}
