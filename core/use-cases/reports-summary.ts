import { errors } from '../domain/errors.js';
import { FINAL_FEE } from '../domain/fees.js';
import { rate, reportMonths, reportRangeProblem, reportWindow, roundHours, type ReportRange, type ReportsSummary } from '../domain/reports.js';
import { addCalendarDays, londonDateOf } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** Without a range, a report covers the last 30 days up to today. */
export const DEFAULT_REPORT_DAYS = 30;

/** Staff with 'reports.read': every figure of the range; a reversed or over-long range is a 400. */
export function makeReportsSummary(ports: Pick<Ports, 'reports' | 'clock'>) {
  return async function reportsSummary(actor: Actor, query: Partial<ReportRange>): Promise<ReportsSummary> {
    requirePermission(actor, 'reports.read');
    const today = londonDateOf(ports.clock.now());
    const to = query.to ?? today;
    const range: ReportRange = { from: query.from ?? addCalendarDays(to, -(DEFAULT_REPORT_DAYS - 1)), to };
    const problem = reportRangeProblem(range);
    if (problem) throw errors.validation(problem);
    const window = reportWindow(range);
    const [decisions, waivers, refunds, revenue, registered, cohort] = await Promise.all([
      ports.reports.decisions(window),
      ports.reports.waivers(window),
      ports.reports.refunds(window),
      ports.reports.revenue(reportMonths(range)),
      ports.reports.registered(window),
      ports.reports.cohort(window),
    ]);
    return {
      range,
      onTime: { finished: decisions.finished, withinGuarantee: decisions.withinGuarantee, rate: rate(decisions.withinGuarantee, decisions.finished) },
      turnaround: { medianHours: roundHours(decisions.medianHours), p90Hours: roundHours(decisions.p90Hours) },
      waivers: { count: waivers.count, pence: waivers.count * FINAL_FEE.amount },
      refunds,
      revenue: revenue.map((m) => ({ ...m, marginPence: m.initialPence + m.finalPence - m.refundedPence - m.governmentFeePence })),
      funnel: { registered, ...cohort.funnel },
      nationalities: cohort.nationalities,
    };
  };
}
