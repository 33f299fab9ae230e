import { ROLLUP_DAYS_PER_RUN } from '../domain/reports.js';
import { addCalendarDays, londonDateOf } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';

/**
 * The report-rollups job: rolls up to date the days through yesterday (London) — those written in
 * since their rollup, then those never rolled up — at most ROLLUP_DAYS_PER_RUN of them a run.
 * Today is always counted from the rows.
 */
export function makeRefreshReportRollups(ports: Pick<Ports, 'reports' | 'clock'>) {
  return async function refreshReportRollups(): Promise<{ refreshed: number; pending: number }> {
    const yesterday = addCalendarDays(londonDateOf(ports.clock.now()), -1);
    return ports.reports.refreshRollups(yesterday, ROLLUP_DAYS_PER_RUN);
  };
}
