import { msg } from '@core/i18n/index.js';
import { addCalendarDays, londonDateOf, type LocalDate } from '@core/domain/working-days.js';
import type { ReportRange } from '@core/domain/reports.js';

export interface RangePreset {
  /** English, marked for translation: shown through t(). */
  label: string;
  range: ReportRange;
}

const firstOfMonth = (date: LocalDate) => `${date.slice(0, 7)}-01`;

/** The first day of the month `months` months from `date`'s (negative: back). */
function monthStart(date: LocalDate, months: number): LocalDate {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** Without a range in the address: the last 30 London days up to today (the server's default too). */
export function defaultRange(today: LocalDate): ReportRange {
  return { from: addCalendarDays(today, -29), to: today };
}

/**
 * The range picker's presets (docs/product.md §17.3), on London days up to `today`. "Last 12 months"
 * is this month and the eleven before it, so the revenue shows twelve whole bars.
 */
export function rangePresets(today: LocalDate): RangePreset[] {
  return [
    { label: msg('Last 30 days'), range: defaultRange(today) },
    { label: msg('This month'), range: { from: firstOfMonth(today), to: today } },
    { label: msg('Last month'), range: { from: monthStart(today, -1), to: addCalendarDays(firstOfMonth(today), -1) } },
    { label: msg('This year'), range: { from: `${today.slice(0, 4)}-01-01`, to: today } },
    { label: msg('Last 12 months'), range: { from: monthStart(today, -11), to: today } },
  ];
}

/** Today in London, by the browser's clock. */
export function londonToday(): LocalDate {
  return londonDateOf(new Date());
}
