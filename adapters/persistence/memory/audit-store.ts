import type { AuditEntry } from '../../../core/domain/audit.js';
import type { AuditLog } from '../../../core/ports/audit-log.js';
import { matchesAuditQuery } from '../shared/rules.js';
import { appendAudit, copy, type MemoryState } from './state.js';

export function auditStore(s: MemoryState): AuditLog {
  const log = s.audit;
  return {
    async append(entry) {
      return appendAudit(s, [entry])[0]!;
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
