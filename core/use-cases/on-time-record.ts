import { onTimeRecordWeeks, rate, roundHours, type OnTimeRecord } from '../domain/reports.js';
import type { Ports } from '../ports/index.js';

/** Anyone: the last 12 complete weeks' decisions and the median turnaround over them. */
export function makeOnTimeRecord(ports: Pick<Ports, 'reports' | 'clock'>) {
  return async function onTimeRecord(): Promise<OnTimeRecord> {
    const weeks = onTimeRecordWeeks(ports.clock.now());
    const [byWeek, overall] = await Promise.all([ports.reports.decisionsByWeek(weeks), ports.reports.decisions({ start: weeks[0]!.window.start, end: weeks[weeks.length - 1]!.window.end })]);
    return {
      weeks: byWeek.map((w) => ({ weekStart: w.weekStart, finished: w.finished, onTimeRate: rate(w.withinGuarantee, w.finished) })),
      medianHours: roundHours(overall.medianHours),
    };
  };
}
