import type { ReportQueries } from '../../../core/ports/report-queries.js';

// PLACEHOLDER (reports helper replaces this file): the report aggregates.
export function reportQueries(_source: unknown): ReportQueries {
  const missing = () => Promise.reject(new Error('reports are not built yet'));
  return { decisions: missing, decisionsByWeek: missing, waivers: missing, refunds: missing, revenue: missing, funnel: missing, nationalities: missing };
}
