import { mrzNamesMayBeTruncated, type PassportFields, type PassportScan } from './passport-scan.js';
import { msg } from '../i18n/index.js';

/** The typed fields a passport check compares, in the order mismatches are listed. */
export const PASSPORT_CHECK_FIELDS = ['surname', 'givenName', 'passportNumber', 'nationality', 'dateOfBirth', 'gender', 'passportExpiry'] as const;
export type PassportCheckField = (typeof PASSPORT_CHECK_FIELDS)[number];

/** How the fields are named to people (staff and applicants). */
export const PASSPORT_CHECK_LABELS: Record<PassportCheckField, string> = {
  surname: msg('Surname'),
  givenName: msg('Given name(s)'),
  passportNumber: msg('Passport number'),
  nationality: msg('Nationality'),
  dateOfBirth: msg('Date of birth'),
  gender: msg('Gender'),
  passportExpiry: msg('Passport expiry'),
};

export type PassportCheckStatus = 'match' | 'mismatch' | 'unreadable';

export interface PassportCheck {
  status: PassportCheckStatus;
  /** The typed fields that differ from the passport's MRZ (empty unless status is 'mismatch'). */
  mismatches: PassportCheckField[];
}

/** What the applicant typed (as the application stores it). */
export type TypedPassportFields = Record<PassportCheckField, string | null | undefined>;

/**
 * ICAO 9303 Part 3's transliterations of letters that MRZs spell out (Müller → MUELLER), and the
 * plain Latin letter some issuers write instead (MULLER). Accents NFD can strip are not listed.
 */
const SPELLED_OUT: Record<string, readonly [icao: string, plain: string]> = {
  Ä: ['AE', 'A'],
  Ö: ['OE', 'O'],
  Ü: ['UE', 'U'],
  Å: ['AA', 'A'],
  Æ: ['AE', 'AE'],
  Ø: ['OE', 'O'],
  Œ: ['OE', 'OE'],
  ß: ['SS', 'SS'],
  ẞ: ['SS', 'SS'],
  Þ: ['TH', 'TH'],
  Ð: ['D', 'D'],
  Đ: ['D', 'D'],
  Ł: ['L', 'L'],
  Ħ: ['H', 'H'],
  Ŧ: ['T', 'T'],
  Ŀ: ['L', 'L'],
  Ĳ: ['IJ', 'IJ'],
  ı: ['I', 'I'],
};

/** The name parts as an MRZ writes them: A–Z only, apostrophes dropped, other punctuation a separator. */
function mrzTokens(text: string, variant: 0 | 1): string {
  const spelled = [...text].map((ch) => SPELLED_OUT[ch]?.[variant] ?? SPELLED_OUT[ch.toUpperCase()]?.[variant] ?? ch).join('');
  return spelled
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/['’ʼ‘`´]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** Both ways `typed` may appear in an MRZ (ICAO transliteration or plain letters). */
function mrzSpellings(typed: string | null | undefined): string[] {
  const text = typed ?? '';
  return [...new Set([mrzTokens(text, 0), mrzTokens(text, 1)])];
}

function sameName(typed: string | null | undefined, read: string, mayBeCut: boolean): boolean {
  const zone = mrzTokens(read, 0);
  return mrzSpellings(typed).some((spelling) => spelling === zone || (mayBeCut && zone !== '' && spelling.startsWith(zone)));
}

function samePassportNumber(typed: string | null | undefined, read: string): boolean {
  return (typed ?? '').toUpperCase().replace(/[\s-]/g, '') === read;
}

function sameText(typed: string | null | undefined, read: string): boolean {
  return (typed ?? '').trim().toLowerCase() === read.toLowerCase();
}

/**
 * Compares what the applicant typed with the passport's MRZ. A scan that could not be read, whose
 * check digits do not all hold, or whose reader was unsure of a field (a name read with low
 * confidence) is 'unreadable': its characters cannot be trusted enough to accuse the applicant of a typo. Fields the zone leaves unknown (a nationality code outside the
 * list, sex X or <, an impossible date) are not compared.
 *
 * Names compare as the MRZ writes them: case and accents ignored (ICAO's Ü→UE or a plain U both
 * match), apostrophes dropped, spaces and hyphens as one separator. When the name field is full to
 * its last character the names may be cut short there: the typed name then matches when it
 * starts with what the zone holds (the surname only when the zone holds no given names, as the
 * given names are cut first). A typed given name that leaves out a middle name is a mismatch:
 * the visa must carry the names exactly as the passport does.
 */
export function comparePassport(scan: PassportScan | null, typed: TypedPassportFields): PassportCheck {
  if (!scan || !scan.valid || scan.uncertain.length > 0) return { status: 'unreadable', mismatches: [] };
  const read: PassportFields = scan.fields;
  const cut = mrzNamesMayBeTruncated(scan.mrz);
  const same: Record<PassportCheckField, () => boolean> = {
    surname: () => sameName(typed.surname, read.surname ?? '', cut && !read.givenName),
    givenName: () => sameName(typed.givenName, read.givenName ?? '', cut),
    passportNumber: () => samePassportNumber(typed.passportNumber, read.passportNumber ?? ''),
    nationality: () => sameText(typed.nationality, read.nationality ?? ''),
    dateOfBirth: () => sameText(typed.dateOfBirth, read.dateOfBirth ?? ''),
    gender: () => sameText(typed.gender, read.gender ?? ''),
    passportExpiry: () => sameText(typed.passportExpiry, read.passportExpiry ?? ''),
  };
  const known = (field: PassportCheckField) => field === 'surname' || field === 'givenName' || read[field] !== null;
  const mismatches = PASSPORT_CHECK_FIELDS.filter((field) => known(field) && !same[field]());
  return { status: mismatches.length > 0 ? 'mismatch' : 'match', mismatches };
}

/**
 * What the server read from the application's latest passport document, as the application row
 * stores it: 'pending' from the upload's commit until the scanner answers, then the reading, or
 * 'unreadable' when the file holds no readable zone. `documentId` is the document read: a reading
 * of an older upload never replaces that of a newer one.
 */
export type PassportScanRecord = { documentId: number; status: 'pending' } | { documentId: number; status: 'read'; scan: PassportScan } | { documentId: number; status: 'unreadable' };

/** The check application reads carry: 'pending' while the scanner has not answered yet. */
export interface PassportCheckView {
  status: PassportCheckStatus | 'pending';
  mismatches: PassportCheckField[];
}

/** The application's passport check (null while no passport has been attached). */
export function passportCheckOf(record: PassportScanRecord | null, typed: TypedPassportFields): PassportCheckView | null {
  if (!record) return null;
  if (record.status === 'pending') return { status: 'pending', mismatches: [] };
  return comparePassport(record.status === 'read' ? record.scan : null, typed);
}
