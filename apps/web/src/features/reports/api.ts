import { queryOptions } from '@tanstack/react-query';
import type { ReportRange } from '@core/domain/reports.js';
import { api, apiPath, call } from '../../api/client.js';

const summaryRoute = api.admin.reports.summary;

/** GET /api/admin/reports/summary?from=&to= (docs/product.md §17.1): every figure of the range. */
export function reportsSummaryQuery(range: ReportRange) {
  const query = { from: range.from, to: range.to };
  return queryOptions({
    queryKey: [apiPath(summaryRoute.$path({ query }))] as const,
    queryFn: () => call(summaryRoute.$get({ query })),
    // Figures move as the agency works: a revisit asks again.
    staleTime: 0,
  });
}

/** The same figures as a CSV download (format=csv), for the link the page offers. */
export function reportsCsvHref(range: ReportRange): string {
  return apiPath(summaryRoute.$path({ query: { from: range.from, to: range.to, format: 'csv' } }));
}
