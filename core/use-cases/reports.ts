import type { Ports } from '../ports/index.js';
import { makeOnTimeRecord } from './on-time-record.js';
import { makeRefreshReportRollups } from './refresh-report-rollups.js';
import { makeReportsSummary } from './reports-summary.js';

export { DEFAULT_REPORT_DAYS } from './reports-summary.js';

/** The agency's numbers for staff and its public on-time record (docs/product.md §17). The group's face: each verb is its own file. */
export function makeReports(ports: Pick<Ports, 'reports' | 'clock'>) {
  return { reportsSummary: makeReportsSummary(ports), onTimeRecord: makeOnTimeRecord(ports), refreshReportRollups: makeRefreshReportRollups(ports) };
}
