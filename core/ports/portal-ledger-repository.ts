import type { PortalLedger } from '../domain/portal-ledger.js';
import type { NewAuditEntry } from '../domain/audit.js';

/** A ledger row as written: everything but the application's id and the version the store keeps. */
export type PortalLedgerWrite = Omit<PortalLedger, 'applicationId' | 'version'>;

/** The portal ledger (core/domain/portal-ledger.ts): one row per application at most. */
export interface PortalLedgerRepository {
  /** The application's row, or null when it has none (it reads as emptyPortalLedger). */
  find(applicationId: number): Promise<PortalLedger | null>;
  /**
   * Compare-and-set: with `expectedVersion` 0 inserts the row (only if there is none), otherwise
   * updates it only if its version is still `expectedVersion`; the stored row (version + 1), or
   * 'stale' when another write came first. An application that does not exist throws NotFound.
   * `audit`: the staff action's rows, appended in the same transaction, only when the row is written
   * (decision 0010).
   */
  save(applicationId: number, row: PortalLedgerWrite, expectedVersion: number, audit?: NewAuditEntry[]): Promise<PortalLedger | 'stale'>;
  /** Which of `storageKeys` a ledger row's receipt points at (the orphan-file sweep). */
  receiptKeysInUse(storageKeys: readonly string[]): Promise<Set<string>>;
}
