/** The reports page's range in the address (/admin/reports?from=2026-11-01&to=2026-11-30), London days. */
export interface ReportsSearch {
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Anything that is not a YYYY-MM-DD day is dropped (the page then shows the last 30 days); whether
 * the days make a range the server reports on is the server's answer (400 { message }). Small on
 * purpose: a route's search check is in the landing page's bundle (its size budget).
 */
export function parseReportsSearch(search: Record<string, unknown>): ReportsSearch {
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined);
  const from = day(search.from);
  const to = day(search.to);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
