import type { AuditEntry, AuditHead, AuditQuery, NewAuditEntry } from '../domain/audit.js';

/** The append-only, hash-chained audit log (decision 0010). Nothing updates or deletes a row. */
export interface AuditLog {
  /**
   * Appends one row as the chain's next: numbered head.seq + 1, chained to the head's hash, hashed
   * by the chain rule (core/domain/audit-chain.ts), and the head moved to it — in one transaction,
   * so concurrent appenders (any process) take consecutive numbers.
   */
  append(entry: NewAuditEntry): Promise<AuditEntry>;
  /** Rows matching the filter, newest first. */
  list(query: AuditQuery): Promise<AuditEntry[]>;
  /** The chain's head as stored. */
  head(): Promise<AuditHead>;
  /** Up to `limit` rows in seq order after `afterSeq` (null: from the lowest seq stored, whatever it is). */
  walk(afterSeq: number | null, limit: number): Promise<AuditEntry[]>;
}
