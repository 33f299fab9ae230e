import { auditHash } from '../../../core/domain/audit-chain.js';
import type { AuditEntry } from '../../../core/domain/audit.js';
import type { AuditLog } from '../../../core/ports/audit-log.js';
import { matchesAuditQuery } from '../shared/rules.js';
import { copy, type MemoryState } from './state.js';

export function auditStore(s: MemoryState): AuditLog {
  const log = s.audit;
  return {
    async append(entry) {
      const unhashed = { ...copy(entry), seq: log.head.seq + 1, prevHash: log.head.hash };
      const row: AuditEntry = { ...unhashed, hash: auditHash(unhashed) };
      log.rows.push(row);
      log.head = { seq: row.seq, hash: row.hash };
      return copy(row);
    },
    async list(query) {
      const offset = query.offset ?? 0;
      const found: AuditEntry[] = [];
      for (let i = log.rows.length - 1; i >= 0 && found.length < offset + query.limit; i -= 1) {
        if (matchesAuditQuery(log.rows[i]!, query)) found.push(log.rows[i]!);
      }
      return found.slice(offset).map(copy);
    },
    async head() {
      return { ...log.head };
    },
    async walk(afterSeq, limit) {
      return log.rows
        .filter((row) => afterSeq === null || row.seq > afterSeq)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit)
        .map(copy);
    },
  };
}
