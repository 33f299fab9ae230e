import type { PaymentType } from './fees.js';
import { DEFAULT_LOCALE, type Locale } from './locale.js';
import { msg } from '../i18n/index.js';

/**
 * How the product writes dates, names and fees wherever a traveller reads them — pages, mails,
 * texts and PDFs (docs/product.md §14.4). One module, so a date never reaches a person as
 * '2031-08-21', a name never in passport capitals, and each fee has one name.
 */

const LONDON = 'Europe/London';
const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: LONDON });
const shortDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: LONDON });
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: LONDON });

/**
 * A calendar date ('2026-12-04') is that day wherever the reader is; an instant is read in London,
 * where the agency works. Noon keeps a calendar date on its day in every time zone.
 */
function toDate(value: Date | string): Date | null {
  const date = value instanceof Date ? value : /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

/** What stands where a date is missing (a field never filled, an event that has not happened). */
export const NO_DATE = '—';

/** The same dates in another language, by its own conventions ('Freitag, 4. Dezember 2026'). */
const otherFormats = new Map<string, Intl.DateTimeFormat>();
function localFormat(locale: Locale, kind: 'day' | 'short' | 'time'): Intl.DateTimeFormat {
  const key = `${locale}:${kind}`;
  let format = otherFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
        : kind === 'short'
          ? { day: 'numeric', month: 'long', year: 'numeric' }
          : { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'shortGeneric' };
    otherFormats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: LONDON })));
  }
  return format;
}

/** 'Friday 4 December 2026' — the date a traveller reads. An unreadable value is returned as it came, a missing one as '—'. */
export function formatDay(value: Date | string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  if (value === null || value === undefined || value === '') return NO_DATE;
  const date = toDate(value);
  if (!date) return String(value);
  if (locale !== DEFAULT_LOCALE) return localFormat(locale, 'day').format(date);
  const p = parts(dayFormat, date);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** '4 December 2026' — where the weekday would crowd a narrow column (tables, the admin list). */
export function formatShortDay(value: Date | string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  if (value === null || value === undefined || value === '') return NO_DATE;
  const date = toDate(value);
  if (!date) return String(value);
  if (locale !== DEFAULT_LOCALE) return localFormat(locale, 'short').format(date);
  const p = parts(shortDayFormat, date);
  return `${p.day} ${p.month} ${p.year}`;
}

/** 'Friday 4 December 2026 at 14:05 (UK time)' — an instant. */
export function formatDayAndTime(value: Date | string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  if (value === null || value === undefined || value === '') return NO_DATE;
  const date = toDate(value);
  if (!date) return String(value);
  if (locale !== DEFAULT_LOCALE) return localFormat(locale, 'time').format(date);
  return `${formatDay(date)} at ${timeFormat.format(date)} (UK time)`;
}

/**
 * A name as people write it: 'MARIA OLIVIA' (a passport's capitals) or 'maria olivia' → 'Maria
 * Olivia', "O'NEILL-SMITH" → "O'Neill-Smith". A name typed in mixed case is the traveller's own
 * spelling and is kept ('McDonald', 'van Dijk').
 */
export function personName(value: string | null | undefined): string {
  const name = (value ?? '').trim().replace(/\s+/g, ' ');
  const oneCase = name === name.toUpperCase() || name === name.toLowerCase();
  if (!name || !oneCase) return name;
  return name.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** The one name of each fee (docs/product.md §4.1): 'initial fee' (£10) and 'final fee' (£39). */
export const FEE_NAMES: Record<PaymentType, string> = { initial: msg('initial fee'), final: msg('final fee') };

/** 'initial fee' / 'final fee'; with `capital`, 'Initial fee' / 'Final fee' (a label or a line's start). */
export function feeName(type: PaymentType, options: { capital?: boolean } = {}): string {
  const name = FEE_NAMES[type];
  return options.capital ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}
