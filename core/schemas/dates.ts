import { addCalendarMonths } from '../domain/calendar-months.js';
import { addCalendarDays, londonDateOf, type LocalDate } from '../domain/working-days.js';

/** Calendar-date text ('YYYY-MM-DD') as every form date is stored (docs/product.md §10.2: dates are stored as text). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `value` is a real calendar date in 'YYYY-MM-DD' form (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * Accepts 'YYYY-MM-DD' or a full ISO timestamp (a browser date input or a serialised Date) and
 * answers the calendar date, or null when it is not a date.
 */
export function toCalendarDate(value: string): LocalDate | null {
  const trimmed = value.trim();
  const candidate = /^\d{4}-\d{2}-\d{2}T/.test(trimmed) ? trimmed.slice(0, 10) : trimmed;
  return isCalendarDate(candidate) ? candidate : null;
}

/** Today's date where the agency works (Europe/London). */
export function agencyToday(now: Date): LocalDate {
  return londonDateOf(now);
}

export { addCalendarMonths };

/** docs/product.md §5.3/§14.1: arrival at least 3 days from today. The date picker's minimum uses the same value. */
export const MIN_DAYS_BEFORE_ARRIVAL = 3;
/** docs/product.md §5.3/§14.1: the passport must be valid at least 6 months from today. */
export const MIN_PASSPORT_VALIDITY_MONTHS = 6;

export function earliestArrivalDate(today: Date): LocalDate {
  return addCalendarDays(agencyToday(today), MIN_DAYS_BEFORE_ARRIVAL);
}

export function earliestPassportExpiry(today: Date): LocalDate {
  return addCalendarMonths(agencyToday(today), MIN_PASSPORT_VALIDITY_MONTHS);
}
