import { ENGLAND_AND_WALES_BANK_HOLIDAYS_BY_YEAR } from './data/bank-holidays.js';

/**
 * Working days are Monday–Friday minus the bank holidays of England and Wales, counted in
 * Europe/London local dates (the agency's office). The holidays are dated data, one list per year
 * (core/domain/data/bank-holidays.ts, from GOV.UK). A year the list does not hold counts Monday to
 * Friday only — a deadline late in the last listed year must still be computable — and
 * tests/core/bank-holidays.test.ts fails as soon as the running year or the next is missing.
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: readonly string[] = Object.values(ENGLAND_AND_WALES_BANK_HOLIDAYS_BY_YEAR).flat();

/** The years whose bank holidays are listed. */
export function bankHolidayYears(): number[] {
  return Object.keys(ENGLAND_AND_WALES_BANK_HOLIDAYS_BY_YEAR)
    .map(Number)
    .sort((a, b) => a - b);
}

const HOLIDAYS = new Set(ENGLAND_AND_WALES_BANK_HOLIDAYS);

export const AGENCY_TIME_ZONE = 'Europe/London';

/** A calendar date (no time, no zone) as 'YYYY-MM-DD'. */
export type LocalDate = string;

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: AGENCY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const HOUR_MS = 3_600_000;
/** London's offset from UTC (ms) in each UTC hour asked about, so Intl is asked once an hour, not once a call. */
const offsetByHour = new Map<number, number>();
/** Hours remembered at most (about 11 years of them): past it the memo starts again. */
const OFFSET_MEMO_HOURS = 100_000;

/**
 * London's offset from UTC during the UTC hour that holds `instant`. London changes its clocks
 * at 01:00 UTC, on the hour, so the offset is the same for the whole of a UTC hour.
 */
function londonOffsetMs(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const parts = Object.fromEntries(londonParts.formatToParts(new Date(start)).map((p) => [p.type, p.value]));
    offset = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)) - start;
    if (offsetByHour.size >= OFFSET_MEMO_HOURS) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

function partsOf(instant: Date): { date: LocalDate; hour: number; minute: number } {
  const local = new Date(instant.getTime() + londonOffsetMs(instant.getTime()));
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours(), minute: local.getUTCMinutes() };
}

/** The London calendar date of an instant. */
export function londonDateOf(instant: Date): LocalDate {
  return partsOf(instant).date;
}

/** The instant London's clocks read 00:00 on `date` (GMT or BST, whichever is in force). */
export function londonMidnight(date: LocalDate): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  for (const offsetHours of [0, 1]) {
    const candidate = new Date(utcMidnight - offsetHours * 3_600_000);
    const local = partsOf(candidate);
    if (local.date === date && local.hour === 0 && local.minute === 0) return candidate;
  }
  throw new Error(`Cannot place midnight of ${date} in ${AGENCY_TIME_ZONE}`);
}

export function addCalendarDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function isWorkingDay(date: LocalDate, holidays?: readonly string[]): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !(holidays ? holidays.includes(date) : HOLIDAYS.has(date));
}

/** The `n`th working day after `date` (the date itself is not counted). */
export function nthWorkingDayAfter(date: LocalDate, n: number, holidays?: readonly string[]): LocalDate {
  let current = date;
  let counted = 0;
  while (counted < n) {
    current = addCalendarDays(current, 1);
    if (isWorkingDay(current, holidays)) counted += 1;
  }
  return current;
}

/** How many working days lie in `from`…`to`, `from` excluded and `to` included (0 when `to` ≤ `from`). */
export function workingDaysBetween(from: LocalDate, to: LocalDate, holidays?: readonly string[]): number {
  let count = 0;
  for (let current = addCalendarDays(from, 1); current <= to; current = addCalendarDays(current, 1)) {
    if (isWorkingDay(current, holidays)) count += 1;
  }
  return count;
}
