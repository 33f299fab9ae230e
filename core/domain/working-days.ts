/**
 * Working days are Monday–Friday minus the bank holidays of England and Wales, counted in
 * Europe/London local dates (the agency's office). Source: the UK government's published
 * bank-holiday list for England and Wales, 2025–2027.
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: readonly string[] = [
  // 2025
  '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26',
  // 2026 (Boxing Day falls on a Saturday: substitute day Monday 28 December)
  '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28',
  // 2027 (Christmas Day and Boxing Day fall on a weekend: substitute days 27 and 28 December)
  '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28',
];

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

function partsOf(instant: Date): { date: LocalDate; hour: number; minute: number } {
  const parts = Object.fromEntries(londonParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
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

export function isWorkingDay(date: LocalDate, holidays: readonly string[] = ENGLAND_AND_WALES_BANK_HOLIDAYS): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.includes(date);
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
