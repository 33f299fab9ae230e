/**
 * The audit screen's filters in the address
 * (/admin/audit?actorId=7&action=refund.approved&applicationNumber=EV-…&from=2026-11-01&to=2026-11-30&page=2):
 * `from` and `to` are London days, both included.
 */
export interface AuditSearch {
  actorId?: number;
  action?: string;
  applicationNumber?: string;
  from?: string;
  to?: string;
  page?: number;
}

/**
 * Only the filters' own keys, read by the page (the route passes the address through: what a route
 * checks is in the landing page's bundle); whether they name anything is the server's answer.
 */
export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  const text = (key: string) => {
    const value = search[key];
    return (typeof value === 'string' || typeof value === 'number') && String(value).trim() ? String(value).trim().slice(0, 60) : undefined;
  };
  const whole = (key: string) => {
    const n = Number(text(key));
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  };
  const found: AuditSearch = { actorId: whole('actorId'), action: text('action'), applicationNumber: text('applicationNumber'), from: text('from'), to: text('to'), page: whole('page') };
  return Object.fromEntries(Object.entries(found).filter(([key, value]) => value !== undefined && !(key === 'page' && value === 1)));
}
