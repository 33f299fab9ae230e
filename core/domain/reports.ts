import type { ApplicationStatus } from './status.js';
import { addCalendarDays, londonDateOf, londonMidnight, type LocalDate } from './working-days.js';

/**
 * The agency's numbers (docs/product.md §17). Every figure is defined on London calendar days; a
 * range is `from`..`to` inclusive, i.e. the instants [midnight of `from`, midnight after `to`).
 *
 * - onTime: applications whose decision (the first status-history entry into `approved`,
 *   `rejected` or `final_payment_received` — an approval after the deadline goes straight to
 *   `final_payment_received` with the final fee waived, see DECISION_STATUSES) fell in the range,
 *   that had a guarantee clock (the initial fee was paid) and were not cancelled by the applicant;
 *   withinGuarantee: those decided by their guarantee deadline (pauses already moved it).
 *   rate = withinGuarantee / finished (null when nothing finished).
 * - turnaround: the same applications' hours from the initial fee's confirmation to the decision;
 *   the median and 90th percentile with linear interpolation between ranks (PostgreSQL's
 *   percentile_cont), rounded to one decimal; null when nothing finished.
 * - waivers: final fees waived under the guarantee in the range, and the pence not charged.
 * - refunds: refunds that succeeded in the range, and their pence.
 * - revenue: one row per London month touching the range (dense, oldest first): fees received in
 *   the range and that month (succeeded payments), refunds that succeeded, the government fees the
 *   portal ledger booked as paid that month, and the margin (initial + final − refunded −
 *   government fees).
 * - funnel: registered = applicant accounts (not staff) created in the range; the rest are the
 *   applications created in the range (the cohort) and how far each got: applied (all of them),
 *   initialPaid (the initial fee confirmed), addressGiven (the address details, which are given
 *   together, so their postcode is there), approved (an approval time), finalPaid (the final fee
 *   paid, not waived).
 * - nationalities: the cohort by nationality, most first (ties by code).
 */
export interface ReportsSummary {
  range: { from: LocalDate; to: LocalDate };
  onTime: { finished: number; withinGuarantee: number; rate: number | null };
  turnaround: { medianHours: number | null; p90Hours: number | null };
  waivers: { count: number; pence: number };
  refunds: { count: number; pence: number };
  revenue: RevenueMonth[];
  funnel: ReportFunnel;
  nationalities: { nationality: string; count: number }[];
}

export interface RevenueMonth {
  /** YYYY-MM */
  month: string;
  initialPence: number;
  finalPence: number;
  refundedPence: number;
  governmentFeePence: number;
  marginPence: number;
}

export interface ReportFunnel {
  registered: number;
  applied: number;
  initialPaid: number;
  addressGiven: number;
  approved: number;
  finalPaid: number;
}

/** The public on-time record: the last 12 complete London weeks (Monday to Sunday), oldest first. */
export interface OnTimeRecord {
  weeks: { weekStart: LocalDate; finished: number; onTimeRate: number | null }[];
  medianHours: number | null;
}

export const ON_TIME_RECORD_WEEKS = 12;

/**
 * The statuses whose first entry is an application's decision. `final_payment_received` is among
 * them because an approval after the guarantee deadline is recorded as a move straight into it (the
 * final fee waived); a paid final fee is entered only after an approval, which came first.
 */
export const DECISION_STATUSES = ['approved', 'rejected', 'final_payment_received'] as const satisfies readonly ApplicationStatus[];

export function isDecision(status: ApplicationStatus | null): boolean {
  return status !== null && (DECISION_STATUSES as readonly ApplicationStatus[]).includes(status);
}
/** The longest range a report may span. */
export const REPORT_MAX_YEARS = 3;

export interface ReportRange {
  from: LocalDate;
  to: LocalDate;
}

/** The instants [start, end) a range of London days covers. */
export interface ReportWindow {
  start: Date;
  end: Date;
}

export function reportWindow(range: ReportRange): ReportWindow {
  return { start: londonMidnight(range.from), end: londonMidnight(addCalendarDays(range.to, 1)) };
}

/** Why a range cannot be reported on, or null when it can. */
export function reportRangeProblem(range: ReportRange): string | null {
  if (range.to < range.from) return 'to must not be before from';
  const [y, md] = [Number(range.from.slice(0, 4)), range.from.slice(4)];
  // The same day REPORT_MAX_YEARS years on (29 February compares as the day after 28 February).
  if (range.to >= `${y + REPORT_MAX_YEARS}${md}`) return `A report may span at most ${REPORT_MAX_YEARS} years`;
  return null;
}

/** The London months a range touches, oldest first, each clipped to the range. */
export function reportMonths(range: ReportRange): { month: string; window: ReportWindow }[] {
  const months: { month: string; window: ReportWindow }[] = [];
  let first = range.from;
  while (first <= range.to) {
    const month = first.slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const last = addCalendarDays(nextMonth, -1) < range.to ? addCalendarDays(nextMonth, -1) : range.to;
    months.push({ month, window: reportWindow({ from: first, to: last }) });
    first = nextMonth;
  }
  return months;
}

/** The Monday starting the London week of `date`. */
export function weekStartOf(date: LocalDate): LocalDate {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addCalendarDays(date, -((weekday + 6) % 7));
}

/** The last ON_TIME_RECORD_WEEKS complete weeks before the one `now` is in, oldest first. */
export function onTimeRecordWeeks(now: Date): { weekStart: LocalDate; window: ReportWindow }[] {
  const thisWeek = weekStartOf(londonDateOf(now));
  return Array.from({ length: ON_TIME_RECORD_WEEKS }, (_, i) => {
    const weekStart = addCalendarDays(thisWeek, -7 * (ON_TIME_RECORD_WEEKS - i));
    return { weekStart, window: reportWindow({ from: weekStart, to: addCalendarDays(weekStart, 6) }) };
  });
}

/** A share as a fraction rounded to 4 decimals, null without a whole. */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
}

/** Hours rounded to one decimal. */
export function roundHours(hours: number | null): number | null {
  return hours === null ? null : Math.round(hours * 10) / 10;
}
