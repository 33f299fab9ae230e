import { AuditChainWalk, type AuditVerdict } from '../domain/audit-chain.js';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '../domain/audit.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import type { AuditQueryInput } from '../schemas/audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

export const NO_SUCH_APPLICATION_MESSAGE = 'No application has this number.';

/** Rows read per query while verifying: the walk holds one page at a time. */
const WALK_PAGE = 1000;
/** The newest rows of one application's trail shown on its admin row. */
export const APPLICATION_TRAIL_LIMIT = 200;

/** An entry of the whole log with the number of the application it is about (staff know applications by number). */
export type NumberedAuditEntry = AuditEntry & { applicationNumber: string | null };

export interface AuditLogPage {
  items: NumberedAuditEntry[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** Reading and verifying the audit log (docs/product.md §6.5). Writing is recordAudit (audit.ts). */
export function makeAuditLog(ports: Pick<Ports, 'audit' | 'applications'>) {
  /** Staff with 'audit.read': the log filtered, newest first, a page at a time. */
  async function listAuditLog(actor: Actor, query: AuditQueryInput): Promise<AuditLogPage> {
    requirePermission(actor, 'audit.read');
    const { page, applicationNumber, ...filter } = query;
    if (applicationNumber !== undefined) {
      // Staff know an application by its number: the log is filtered by the application it names.
      const named = await ports.applications.findByNumber(applicationNumber);
      if (!named) throw errors.validation(NO_SUCH_APPLICATION_MESSAGE, { applicationNumber: [NO_SUCH_APPLICATION_MESSAGE] });
      if (filter.applicationId !== undefined && filter.applicationId !== named.id) return { items: [], page, pageSize: AUDIT_PAGE_SIZE, hasMore: false };
      filter.applicationId = named.id;
    }
    const found = await ports.audit.list({ ...filter, limit: AUDIT_PAGE_SIZE + 1, offset: (page - 1) * AUDIT_PAGE_SIZE });
    const items = await withApplicationNumbers(found.slice(0, AUDIT_PAGE_SIZE));
    return { items, page, pageSize: AUDIT_PAGE_SIZE, hasMore: found.length > AUDIT_PAGE_SIZE };
  }

  /** The page's applications read once each (a page names at most AUDIT_PAGE_SIZE); an erased one has no number. */
  async function withApplicationNumbers(entries: AuditEntry[]): Promise<NumberedAuditEntry[]> {
    const ids = [...new Set(entries.map((e) => e.applicationId).filter((id): id is number => id !== null))];
    const numbers = new Map<number, string>();
    for (const id of ids) {
      const application = await ports.applications.findById(id);
      if (application) numbers.set(id, application.applicationNumber);
    }
    return entries.map((e) => ({ ...e, applicationNumber: e.applicationId === null ? null : (numbers.get(e.applicationId) ?? null) }));
  }

  /** Staff who may read applications: one application's trail, newest first. */
  async function listApplicationAudit(actor: Actor, applicationId: number): Promise<AuditEntry[]> {
    requirePermission(actor, 'applications.read');
    if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    return ports.audit.list({ applicationId, limit: APPLICATION_TRAIL_LIMIT });
  }

  /**
   * Walks the whole chain in seq order, a page at a time, and compares its end with the head: the
   * first row changed, inserted or removed, or that it is intact (evisa verify-audit).
   */
  async function verifyAuditLog(): Promise<AuditVerdict> {
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
  }

  /** The same walk for staff who read the log (the audit screen's "Verify the chain"). */
  async function checkAuditLog(actor: Actor): Promise<AuditVerdict> {
    requirePermission(actor, 'audit.read');
    return verifyAuditLog();
  }

  return { listAuditLog, listApplicationAudit, verifyAuditLog, checkAuditLog };
}
