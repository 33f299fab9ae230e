import { formatPence } from '@core/domain/money.js';

export { formatPence };

// Dates for people are written by core/domain/wording.ts (formatDay, formatShortDay, formatDayAndTime).

/** Local calendar date as 'YYYY-MM-DD' (for <input type="date"> bounds). */
export function isoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
