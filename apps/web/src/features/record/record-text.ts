import type { Locale } from '@core/domain/locale.js';
import type { Translate } from '@core/i18n/index.js';
import { count, percent } from '../../lib/report-format.js';
import { recordTotals, type OnTimeRecordDto } from './api.js';

/** A share as the record says it in `intl`: English's own '97.5%' (report-format.ts), else Intl's ('97,5 %'), rounded down alike. */
export function recordPercent(fraction: number | null, intl: Locale): string {
  if (intl === 'en-GB' || fraction === null) return percent(fraction);
  return new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 1 }).format(Math.floor(Math.round(fraction * 10_000) / 10) / 1000);
}

/** A count as the record says it in `intl` ('1,234'; '1.234' in German). */
export function recordCount(value: number, intl: Locale): string {
  return intl === 'en-GB' ? count(value) : new Intl.NumberFormat(intl).format(value);
}

/**
 * The record in one sentence (docs/product.md §17.4), or null when nothing was decided in the 12
 * weeks: "97.5% of 1,234 applications decided within 5 working days over the last 12 weeks".
 */
export function recordSentence(record: OnTimeRecordDto, t: Translate, intl: Locale): string | null {
  const totals = recordTotals(record);
  if (totals.finished === 0) return null;
  return t('{rate} of {count, plural, one {# application} other {# applications}} decided within 5 working days over the last 12 weeks', {
    rate: recordPercent(totals.rate, intl),
    count: totals.finished,
  });
}

/**
 * The median time to a decision as the public record says it, on the landing page and /our-record
 * alike: whole hours, rounded up — like the rates rounded down, so the record never claims a quicker
 * answer than it gave (67.5 → '68 hours', 31.0 → '31 hours'). null → null (nothing decided).
 */
export function medianHoursText(hours: number | null, t: Translate): string | null {
  if (hours === null) return null;
  const whole = Math.max(1, Math.ceil(Math.round(hours * 10) / 10));
  return t('{hours, plural, one {# hour} other {# hours}}', { hours: whole });
}
