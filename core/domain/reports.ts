import { addCalendarDays, londonDateOf, londonMidnight, type LocalDate } from './working-days.js';

/**
 * The agency's numbers (docs/product.md §17). Every figure is defined on London calendar days; a
 * range is `from`..`to` inclusive, i.e. the instants [midnight of `from`, midnight after `to`).
 *
 * - onTime: applications whose decision (the first status-history entry into `approved`,
 *   `rejected` or `final_payment_received` — an approval after the deadline goes straight to
 *   `final_payment_received` with the final fee waived, see DECIDED_STATUSES in status.ts) fell in the range,
 *   that had a guarantee clock (the initial fee was paid) and were not cancelled by the applicant;
 *   withinGuarantee: those decided by their guarantee deadline (pauses already moved it).
 *   rate = withinGuarantee / finished (null when nothing finished).
 * - turnaround: the same applications' time from the initial fee's confirmation to the decision,
 *   counted in whole tenths of an hour (6 minutes, rounded down: see turnaroundTenths); the median
 *   and 90th percentile of those with linear interpolation between ranks, in hours rounded to one
 *   decimal; null when nothing finished. Counting in tenths lets a day's decisions be kept as a
 *   histogram (docs/product.md §17.5) whose percentiles are the rows' own.
 * - waivers: final fees waived under the guarantee in the range, and the pence not charged.
 * - refunds: refunds that succeeded in the range, and their pence.
 * - revenue: one row per London month touching the range (dense, oldest first): fees received in
 *   the range and that month (succeeded payments), refunds that succeeded, the government fees the
 *   portal ledger booked as paid that month, of which the fee changes absorbed (the rises of Egypt's
 *   fee since the travellers paid, which the agency pays: decision 0033), and the margin (initial +
 *   final − refunded − government fees; the absorbed part is already in the government fees).
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
  /** Of governmentFeePence, what rises of Egypt's fee since the travellers paid cost the agency (the shield, decision 0033). */
  absorbedFeePence: number;
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

/** A turnaround in whole tenths of an hour (rounded down), from the two instants in milliseconds. */
export function turnaroundTenths(paidAtMs: number, decidedAtMs: number): number {
  return Math.floor((decidedAtMs - paidAtMs) / 360_000);
}

/** How many decisions took a turnaround of `tenths`, and how many of them were by their deadline. */
export interface TurnaroundCount {
  tenths: number;
  decided: number;
  onTime: number;
}

/** Histogram rows of the same turnaround added together, in turnaround order. */
export function mergeTurnarounds(rows: Iterable<TurnaroundCount>): TurnaroundCount[] {
  const merged = new Map<number, TurnaroundCount>();
  for (const row of rows) {
    const known = merged.get(row.tenths);
    if (known) {
      known.decided += row.decided;
      known.onTime += row.onTime;
    } else if (row.decided > 0) merged.set(row.tenths, { ...row });
  }
  return [...merged.values()].sort((x, y) => x.tenths - y.tenths);
}

/**
 * The `fraction`-percentile of a histogram's turnarounds with linear interpolation between ranks
 * (PostgreSQL's percentile_cont), rounded to a whole tenth (halves up) and given in hours: one
 * decimal, computed on whole tenths so that no binary fraction rounds 36.35 down. Null over none.
 */
export function turnaroundPercentile(histogram: TurnaroundCount[], fraction: number): number | null {
  const total = histogram.reduce((sum, row) => sum + row.decided, 0);
  if (total === 0) return null;
  const rank = fraction * (total - 1);
  const valueAt = (position: number): number => {
    let seen = 0;
    for (const row of histogram) {
      seen += row.decided;
      if (position < seen) return row.tenths;
    }
    return histogram[histogram.length - 1]!.tenths;
  };
  const below = valueAt(Math.floor(rank));
  const above = valueAt(Math.ceil(rank));
  return Math.round(below + (above - below) * (rank - Math.floor(rank))) / 10;
}

/** A histogram's decisions: how many, how many by their deadline, the median and 90th percentile (hours, one decimal). */
export function decisionsOf(histogram: TurnaroundCount[]): { finished: number; withinGuarantee: number; medianHours: number | null; p90Hours: number | null } {
  const sorted = mergeTurnarounds(histogram);
  return {
    finished: sorted.reduce((sum, row) => sum + row.decided, 0),
    withinGuarantee: sorted.reduce((sum, row) => sum + row.onTime, 0),
    medianHours: turnaroundPercentile(sorted, 0.5),
    p90Hours: turnaroundPercentile(sorted, 0.9),
  };
}

/**
 * The London days a window covers when it is made of whole London days (as every report window
 * is), else null.
 */
export function windowDays(window: ReportWindow): { from: LocalDate; to: LocalDate } | null {
  if (window.end.getTime() <= window.start.getTime()) return null;
  const from = londonDateOf(window.start);
  const to = londonDateOf(new Date(window.end.getTime() - 1));
  if (londonMidnight(from).getTime() !== window.start.getTime() || londonMidnight(addCalendarDays(to, 1)).getTime() !== window.end.getTime()) return null;
  return { from, to };
}

/** The days from `from` to `to` inclusive, in order. */
export function daysFrom(from: LocalDate, to: LocalDate): LocalDate[] {
  const days: LocalDate[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}

/** How many days of rollups one run of the report-rollups job brings up to date at most. */
export const ROLLUP_DAYS_PER_RUN = 400;
