import { AUDIT_PAGE_SIZE, type AuditEntry } from '../domain/audit.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import type { AuditQueryInput } from '../schemas/audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

export const NO_SUCH_APPLICATION_MESSAGE = 'No application has this number.';

/** An entry of the whole log with the number of the application it is about (staff know applications by number). */
export type NumberedAuditEntry = AuditEntry & { applicationNumber: string | null };

export interface AuditLogPage {
  items: NumberedAuditEntry[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** Staff with 'audit.read': the log filtered, newest first, a page at a time. */
export function makeListAuditLog(ports: Pick<Ports, 'audit' | 'applications'>) {
  return async function listAuditLog(actor: Actor, query: AuditQueryInput): Promise<AuditLogPage> {
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
    const items = await withApplicationNumbers(ports, found.slice(0, AUDIT_PAGE_SIZE));
    return { items, page, pageSize: AUDIT_PAGE_SIZE, hasMore: found.length > AUDIT_PAGE_SIZE };
  };
}

/** The page's applications read once each (a page names at most AUDIT_PAGE_SIZE); an erased one has no number. */
async function withApplicationNumbers(ports: Pick<Ports, 'applications'>, entries: AuditEntry[]): Promise<NumberedAuditEntry[]> {
  const ids = [...new Set(entries.map((e) => e.applicationId).filter((id): id is number => id !== null))];
  const numbers = new Map<number, string>();
  for (const id of ids) {
    const application = await ports.applications.findById(id);
    if (application) numbers.set(id, application.applicationNumber);
  }
  return entries.map((e) => ({ ...e, applicationNumber: e.applicationId === null ? null : (numbers.get(e.applicationId) ?? null) }));
}
