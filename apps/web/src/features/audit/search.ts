/** The audit screen's filters in the address (/admin/audit?actorId=7&action=refund.approved&applicationNumber=EV-…&from=2026-11-01&to=2026-11-30&page=2). */
export interface AuditSearch {
  actorId?: number;
  action?: string;
  applicationNumber?: string;
  /** London days, both included. */
  from?: string;
  to?: string;
  page?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the address holds, loosely checked: whether an action or a number names anything is the
 * server's answer (400 { message }). Small on purpose: a route's search check is in the landing
 * page's bundle (its size budget).
 */
export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  const whole = (value: unknown) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  };
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 60) : undefined);
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined);
  const out: AuditSearch = {};
  const actorId = whole(search.actorId);
  const action = text(search.action);
  const applicationNumber = text(search.applicationNumber);
  const from = day(search.from);
  const to = day(search.to);
  const page = whole(search.page);
  if (actorId) out.actorId = actorId;
  if (action) out.action = action;
  if (applicationNumber) out.applicationNumber = applicationNumber;
  if (from) out.from = from;
  if (to) out.to = to;
  if (page && page > 1) out.page = page;
  return out;
}
