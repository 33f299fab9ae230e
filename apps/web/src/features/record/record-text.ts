import { count, percent } from '../../lib/report-format.js';
import { recordTotals, type OnTimeRecordDto } from './api.js';

/**
 * The record in one sentence (docs/product.md §17.4), or null when nothing was decided in the 12
 * weeks: "97.5% of 1,234 applications decided within 5 working days over the last 12 weeks".
 */
export function recordSentence(record: OnTimeRecordDto): string | null {
  const totals = recordTotals(record);
  if (totals.finished === 0) return null;
  const noun = totals.finished === 1 ? 'application' : 'applications';
  return `${percent(totals.rate)} of ${count(totals.finished)} ${noun} decided within 5 working days over the last 12 weeks`;
}

/**
 * The median time to a decision as the public record says it, on the landing page and /our-record
 * alike: whole hours, rounded up — like the rates rounded down, so the record never claims a quicker
 * answer than it gave (67.5 → '68 hours', 31.0 → '31 hours'). null → null (nothing decided).
 */
export function medianHoursText(hours: number | null): string | null {
  if (hours === null) return null;
  const whole = Math.max(1, Math.ceil(Math.round(hours * 10) / 10));
  return whole === 1 ? '1 hour' : `${count(whole)} hours`;
}
