import { Hono } from 'hono';
import { parseInput } from '../../../core/schemas/parse.js';
import { reportsQuerySchema } from '../../../core/schemas/reports.js';
import { reportsCsv } from '../../shared/reports-csv.js';
import { actorOf, adminOnly } from '../auth.js';
import type { AppEnv, QueryContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { requires } from '../route-facts.js';
import { attachmentDisposition } from '../views.js';

/**
 * The agency's reports (docs/product.md §17.1), mounted at /api/admin; 'reports.read'.
 * - GET /reports/summary?from=YYYY-MM-DD&to=YYYY-MM-DD[&format=csv] → the summary as JSON, or the
 *   same figures as a CSV download; a reversed range or one over 3 years → 400 { message }.
 */
export function adminReportRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>().use(adminOnly).get('/reports/summary', requires('reports.read'), async (c: QueryContext<typeof reportsQuerySchema>) => {
    const { format, ...range } = parseInput(reportsQuerySchema, c.req.query());
    const summary = await useCases.reportsSummary(actorOf(c), range);
    if (format === 'csv') {
      return c.body(reportsCsv(summary), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': attachmentDisposition(`report-${summary.range.from}-to-${summary.range.to}.csv`),
        'Cache-Control': 'private, no-store',
      });
    }
    c.header('Cache-Control', 'private, no-store');
    return c.json(summary, 200);
  });
}
