import type { Gender } from './application.js';
import { msg } from '../i18n/index.js';
import type { Country } from './countries.js';
import { sniffContentType, type AllowedContentType } from './document.js';
import { countryOfIcaoCode } from './icao-codes.js';
import { londonDateOf, type LocalDate } from './working-days.js';

/**
 * One reading of a passport's machine-readable zone (ICAO 9303 TD3: two lines of 44 characters),
 * as a PassportReader answers it. Values are as the zone writes them, '<' fillers removed from
 * the ends and '<' between name parts turned into spaces.
 */
export interface MrzReading {
  /** The two lines, 44 characters each, after OCR correction. */
  lines: readonly [string, string];
  surname: string;
  /** Every given name, separated by spaces ('ANNA MARIA'). */
  givenNames: string;
  documentNumber: string;
  /** The ICAO code: 'GBR', 'D', 'UTO'… */
  nationality: string;
  /** YYMMDD as written. */
  birthDate: string;
  /** 'M', 'F', 'X' or '<' as written. */
  sex: string;
  /** YYMMDD as written. */
  expiryDate: string;
  /** Whether each check digit of the zone holds. */
  checkDigits: Record<'documentNumber' | 'birthDate' | 'expiryDate' | 'personalNumber' | 'composite', boolean>;
  /** The form's fields the reader is not sure it read right (a failing check digit, a name character read with low confidence). */
  uncertain: readonly PassportField[];
}

/** The application form's fields a passport scan fills (null: not readable from the zone). */
export interface PassportFields {
  surname: string | null;
  givenName: string | null;
  passportNumber: string | null;
  nationality: Country | null;
  dateOfBirth: LocalDate | null;
  gender: Gender | null;
  passportExpiry: LocalDate | null;
}

export type PassportField = keyof PassportFields;

/**
 * What a scan answers: the fields, whether they can be trusted (every check digit holds and no
 * field is uncertain), the fields to check by eye, and the two MRZ lines.
 */
export interface PassportScan {
  fields: PassportFields;
  valid: boolean;
  uncertain: PassportField[];
  mrz: [string, string];
}

/** What a passport scan accepts: the upload types plus the HEIC/HEIF photos of phones. */
export type PassportImageType = AllowedContentType | 'image/heic';
export const PASSPORT_IMAGE_TYPES: readonly PassportImageType[] = ['image/jpeg', 'image/png', 'application/pdf', 'image/heic'];
export const PASSPORT_IMAGE_TYPE_MESSAGE = msg('Please select a JPG, PNG, HEIC or PDF file.');
export const PASSPORT_UNREADABLE_MESSAGE =
  "We couldn't read the passport's machine-readable zone (the two lines of letters and <<< at the bottom of the photo page). " +
  'Please lay the passport flat in good light, without glare, and photograph the whole photo page.';

/** HEIF brands (ISO/IEC 23008-12) at bytes 8–11 of the file, after the `ftyp` box name. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/** Decides a scan's type from the file's first bytes (as uploads do), HEIC included. */
export function sniffPassportImageType(head: Uint8Array): PassportImageType | null {
  const upload = sniffContentType(head);
  if (upload) return upload;
  if (head.length < 12) return null;
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  return text(4, 8) === 'ftyp' && HEIF_BRANDS.has(text(8, 12)) ? 'image/heic' : null;
}

function calendarDate(year: number, month: number, day: number): LocalDate | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function dateParts(yymmdd: string): [number, number, number] | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  return [Number(yymmdd.slice(0, 2)), Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6))];
}

/** An MRZ birth date: the latest century that does not put it after today (births are in the past). */
export function birthDateFromMrz(yymmdd: string, today: LocalDate): LocalDate | null {
  const parts = dateParts(yymmdd);
  if (!parts) return null;
  const [yy, mm, dd] = parts;
  const century = Math.floor(Number(today.slice(0, 4)) / 100) * 100;
  const recent = calendarDate(century + yy, mm, dd);
  if (recent !== null && recent <= today) return recent;
  return calendarDate(century - 100 + yy, mm, dd);
}

/**
 * An MRZ expiry date: the century that puts it within 50 years of today. Expiries are in the
 * future for a passport in use, and an expired one (a few years ago) keeps its real year.
 */
export function expiryDateFromMrz(yymmdd: string, today: LocalDate): LocalDate | null {
  const parts = dateParts(yymmdd);
  if (!parts) return null;
  const [yy, mm, dd] = parts;
  const year = Number(today.slice(0, 4));
  const century = Math.floor(year / 100) * 100;
  const candidates = [century - 100 + yy, century + yy, century + 100 + yy];
  const nearest = candidates.reduce((best, y) => (Math.abs(y - year) < Math.abs(best - year) ? y : best));
  return calendarDate(nearest, mm, dd);
}

function genderOf(sex: string): Gender | null {
  return sex === 'M' ? 'male' : sex === 'F' ? 'female' : null;
}

/** The form's fields from an MRZ reading; dates resolved against today (Europe/London) at `now`. */
export function passportScanFromMrz(reading: MrzReading, now: Date): PassportScan {
  const today = londonDateOf(now);
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    fields: {
      surname: text(reading.surname),
      givenName: text(reading.givenNames),
      passportNumber: text(reading.documentNumber),
      nationality: countryOfIcaoCode(reading.nationality),
      dateOfBirth: birthDateFromMrz(reading.birthDate, today),
      gender: genderOf(reading.sex),
      passportExpiry: expiryDateFromMrz(reading.expiryDate, today),
    },
    valid: Object.values(reading.checkDigits).every(Boolean) && reading.uncertain.length === 0,
    uncertain: [...reading.uncertain],
    mrz: [reading.lines[0], reading.lines[1]],
  };
}

/** The nationality code a zone's line 2 writes (characters 11–13, fillers dropped: 'D', 'UTO'), or null when there is none. */
export function mrzNationalityCode(mrz: readonly [string, string]): string | null {
  const code = mrz[1].slice(10, 13).replace(/</g, '');
  return code === '' ? null : code;
}

/**
 * The name field (line 1, characters 6–44) is full to its last character: ICAO 9303 then cuts the
 * names short, so the zone may hold only the start of the given names (or of the surname).
 */
export function mrzNamesMayBeTruncated(mrz: readonly [string, string]): boolean {
  return mrz[0].length >= 44 && mrz[0][43] !== '<';
}
