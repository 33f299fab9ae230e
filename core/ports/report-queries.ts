import type { ReportFunnel, ReportWindow, RevenueMonth } from '../domain/reports.js';
import type { LocalDate } from '../domain/working-days.js';

/**
 * The aggregates the agency's reports are made of (definitions: core/domain/reports.ts), each
 * computed where the rows are (SQL on both dialects), never by loading the rows. A SQL store keeps
 * daily rollups (docs/product.md §17.5): a figure adds the rollups of the days it may trust and
 * counts the other days (today, and any day a row was written in since its rollup) from the rows,
 * so every answer is the rows' own whether or not the rollups are up to date.
 */
export interface ReportQueries {
  /** Decisions in the window: how many, how many by their deadline, turnaround percentiles (unrounded hours). */
  decisions(window: ReportWindow): Promise<{ finished: number; withinGuarantee: number; medianHours: number | null; p90Hours: number | null }>;
  /** Decisions per week (each week its own window), in the order given. */
  decisionsByWeek(weeks: { weekStart: LocalDate; window: ReportWindow }[]): Promise<{ weekStart: LocalDate; finished: number; withinGuarantee: number }[]>;
  /** Final fees waived in the window. */
  waivers(window: ReportWindow): Promise<{ count: number }>;
  /** Refunds that succeeded in the window. */
  refunds(window: ReportWindow): Promise<{ count: number; pence: number }>;
  /** Money per month (each month its own window, clipped to the range), in the order given. */
  revenue(months: { month: string; window: ReportWindow }[]): Promise<Omit<RevenueMonth, 'marginPence'>[]>;
  /** Applicant accounts (not staff) created in the window. */
  registered(window: ReportWindow): Promise<number>;
  /**
   * The applications created in the window (the cohort): how far they got, and how many of each
   * nationality (most first, ties by code point) — one pass over the cohort for both.
   */
  cohort(window: ReportWindow): Promise<{ funnel: Omit<ReportFunnel, 'registered'>; nationalities: { nationality: string; count: number }[] }>;
  /**
   * Brings the daily rollups up to date through the London day `through`: the days a row was written
   * in since they were rolled up, then the days never rolled up, at most `limit` days in all (oldest
   * first). Answers how many were rolled up and how many are still to do. A store without rollups
   * (the in-memory one counts every figure from its rows) has nothing to do.
   */
  refreshRollups(through: LocalDate, limit: number): Promise<{ refreshed: number; pending: number }>;
}
