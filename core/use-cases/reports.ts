import { errors } from '../domain/errors.js';
import { FINAL_FEE } from '../domain/fees.js';
import {
  onTimeRecordWeeks,
  rate,
  reportMonths,
  reportRangeProblem,
  reportWindow,
  ROLLUP_DAYS_PER_RUN,
  roundHours,
  type OnTimeRecord,
  type ReportRange,
  type ReportsSummary,
} from '../domain/reports.js';
import { addCalendarDays, londonDateOf } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** Without a range, a report covers the last 30 days up to today. */
export const DEFAULT_REPORT_DAYS = 30;

/** The agency's numbers for staff and its public on-time record (docs/product.md §17). */
export function makeReports(ports: Pick<Ports, 'reports' | 'clock'>) {
  /** Staff with 'reports.read': every figure of the range; a reversed or over-long range is a 400. */
  async function reportsSummary(actor: Actor, query: Partial<ReportRange>): Promise<ReportsSummary> {
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
  }

  /** Anyone: the last 12 complete weeks' decisions and the median turnaround over them. */
  async function onTimeRecord(): Promise<OnTimeRecord> {
    const weeks = onTimeRecordWeeks(ports.clock.now());
    const [byWeek, overall] = await Promise.all([
      ports.reports.decisionsByWeek(weeks),
      ports.reports.decisions({ start: weeks[0]!.window.start, end: weeks[weeks.length - 1]!.window.end }),
    ]);
    return {
      weeks: byWeek.map((w) => ({ weekStart: w.weekStart, finished: w.finished, onTimeRate: rate(w.withinGuarantee, w.finished) })),
      medianHours: roundHours(overall.medianHours),
    };
  }

  /**
   * The report-rollups job: rolls up to date the days through yesterday (London) — those written in
   * since their rollup, then those never rolled up — at most ROLLUP_DAYS_PER_RUN of them a run.
   * Today is always counted from the rows.
   */
  async function refreshReportRollups(): Promise<{ refreshed: number; pending: number }> {
    const yesterday = addCalendarDays(londonDateOf(ports.clock.now()), -1);
    return ports.reports.refreshRollups(yesterday, ROLLUP_DAYS_PER_RUN);
  }

  return { reportsSummary, onTimeRecord, refreshReportRollups };
}
