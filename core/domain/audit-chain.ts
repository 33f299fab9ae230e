import { createHash } from 'node:crypto';
import { canonicalJson, GENESIS_HASH, type AuditEntry, type AuditHead } from './audit.js';

/**
 * The audit chain's one rule (decision 0010), used by every store that appends and by the verifier.
 * Kept apart from audit.ts, which the SPA may import, because it needs node:crypto: SHA-256 must be
 * computed synchronously inside SQLite's synchronous transaction, which the Web Crypto API cannot.
 */

/** The text a row's hash is taken over: its content fields (at with milliseconds) and prevHash, as canonical JSON. */
export function auditHashInput(entry: Omit<AuditEntry, 'hash'>): string {
  return canonicalJson({
    seq: entry.seq,
    at: entry.at.toISOString(),
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    clientAddress: entry.clientAddress,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    applicationId: entry.applicationId,
    detail: entry.detail,
    prevHash: entry.prevHash,
  });
}

/** SHA-256 (hex) of a row's content and prevHash. */
export function auditHash(entry: Omit<AuditEntry, 'hash'>): string {
  return createHash('sha256').update(auditHashInput(entry)).digest('hex');
}

/** What verify-audit finds wrong first, or that the chain is intact. */
export type AuditProblem =
  /** The row's content no longer matches its hash (or its hash was rewritten: the next row or the head disagrees). */
  | { problem: 'changed'; seq: number }
  /** A row the log never appended: numbered below 1, beyond the head, or forged at the start. */
  | { problem: 'inserted'; seq: number }
  /** One or more rows after `after` are missing (a gap, or the end cut off). */
  | { problem: 'removed'; after: number }
  /** The row's own hash holds but it does not chain to the row before: one of the two was replaced. */
  | { problem: 'unlinked'; seq: number };

export type AuditVerdict = { ok: true; rows: number; head: AuditHead } | ({ ok: false } & AuditProblem);

/**
 * Walks the chain one row at a time in seq order, in constant memory: `check(row)` answers the first
 * problem found; `finish(head)` compares where the rows ended with the head. `head()` is re-read when
 * a row beyond the head first read is met: rows appended while the walk runs are not insertions.
 */
export class AuditChainWalk {
  private expectedSeq = 1;
  private prevHash = GENESIS_HASH;
  private count = 0;

  /** The last row checked (seq 0 and GENESIS_HASH before the first). */
  get last(): AuditHead {
    return { seq: this.expectedSeq - 1, hash: this.prevHash };
  }

  check(row: AuditEntry, head: AuditHead): AuditProblem | null {
    if (row.seq < this.expectedSeq) return { problem: 'inserted', seq: row.seq };
    if (row.seq > head.seq) return { problem: 'inserted', seq: row.seq };
    if (row.seq > this.expectedSeq) return { problem: 'removed', after: this.expectedSeq - 1 };
    if (auditHash(row) !== row.hash) return { problem: 'changed', seq: row.seq };
    if (row.prevHash !== this.prevHash) return row.seq === 1 ? { problem: 'inserted', seq: 1 } : { problem: 'unlinked', seq: row.seq };
    this.expectedSeq += 1;
    this.prevHash = row.hash;
    this.count += 1;
    return null;
  }

  finish(head: AuditHead): AuditVerdict {
    const last = this.last;
    if (last.seq < head.seq) return { ok: false, problem: 'removed', after: last.seq };
    if (last.hash !== head.hash) return { ok: false, problem: 'changed', seq: last.seq };
    return { ok: true, rows: this.count, head };
  }
}
