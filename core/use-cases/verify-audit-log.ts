import { AuditChainWalk, type AuditVerdict } from '../domain/audit-chain.js';
import type { Ports } from '../ports/index.js';

/** Rows read per query while verifying: the walk holds one page at a time. */
const WALK_PAGE = 1000;

/**
 * Walks the whole chain in seq order, a page at a time, and compares its end with the head: the
 * first row changed, inserted or removed, or that it is intact (evisa verify-audit).
 */
export function makeVerifyAuditLog(ports: Pick<Ports, 'audit'>) {
  return async function verifyAuditLog(): Promise<AuditVerdict> {
    let head = await ports.audit.head();
    const walk = new AuditChainWalk();
    let after: number | null = null;
    for (;;) {
      const page = await ports.audit.walk(after, WALK_PAGE);
      for (const row of page) {
        // Appended since the head was read, or not appended by the log at all: the head knows.
        if (row.seq > head.seq) head = await ports.audit.head();
        const problem = walk.check(row, head);
        if (problem) return { ok: false, ...problem };
      }
      if (page.length < WALK_PAGE) break;
      after = page[page.length - 1]!.seq;
    }
    if (walk.last.seq > head.seq) head = await ports.audit.head();
    return walk.finish(head);
  };
}
