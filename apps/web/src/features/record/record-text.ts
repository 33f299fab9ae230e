import { count, percent } from '../reports/format.js';
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
