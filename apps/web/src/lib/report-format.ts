import { formatPence } from './format.js';

const whole = new Intl.NumberFormat('en-GB');

/** 1234 → '1,234'. */
export function count(value: number): string {
  return whole.format(value);
}

/** Pence as pounds with two decimals, a minus sign before the pound sign: -1250 → '−£12.50'. */
export function money(pence: number): string {
  return pence < 0 ? `−${formatPence(-pence)}` : formatPence(pence);
}

/**
 * A fraction as a percentage with at most one decimal, rounded down so a record never claims more
 * than it did (0.9999 → '99.9%'); null → '—'.
 */
export function percent(fraction: number | null): string {
  if (fraction === null) return '—';
  return `${Math.floor(Math.round(fraction * 10_000) / 10) / 10}%`;
}

/** Hours with one decimal: 31 → '31.0 hours'; null → '—'. */
export function hours(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)} hours`;
}

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' → 'Nov 2026'. */
export function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-15T12:00:00Z`));
}

/** '2026-11-02' → '2 Nov 2026'. */
export function dayLabel(date: string): string {
  return dayFormat.format(new Date(`${date}T12:00:00Z`));
}
