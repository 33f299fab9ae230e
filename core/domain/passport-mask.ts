import type { PassportScanRecord } from './passport-check.js';

/**
 * Passport numbers as staff see them until they ask (docs/product.md §2.14, decision 0030): five
 * dots and the last four characters, `•••••1276`. The dots are always five, whatever the number's
 * length, so the mask does not tell the length either; a number of eight characters or fewer shows
 * only its last half (at most four) so that a short number is never shown whole.
 */
export const PASSPORT_MASK = '•••••';

/** How many of a number's last characters stay visible. */
function visibleTail(length: number): number {
  return length >= 8 ? 4 : Math.floor(length / 2);
}

export function maskPassportNumber(number: string): string;
export function maskPassportNumber(number: string | null): string | null;
export function maskPassportNumber(number: string | null): string | null {
  if (number === null) return null;
  const tail = visibleTail(number.length);
  return PASSPORT_MASK + (tail > 0 ? number.slice(-tail) : '');
}

/** Whether a value is a masked number (what the SPA checks before offering "Reveal"). */
export function isMaskedPassportNumber(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.startsWith(PASSPORT_MASK);
}

/**
 * The second line of a TD3 machine-readable zone with its document number (its first nine
 * characters) masked as above, the line's length kept: `•••••1276` + the rest of the line. The
 * check digit after it stays (one digit tells nothing the last four do not).
 */
export function maskMrzSecondLine(line: string): string {
  const number = line.slice(0, 9);
  const tail = number.slice(-4);
  return PASSPORT_MASK + tail + line.slice(9);
}

/** A stored passport scan with the number it read masked (its MRZ's number too). */
export function maskPassportScan(record: PassportScanRecord | null): PassportScanRecord | null {
  if (!record || record.status !== 'read') return record;
  const { scan } = record;
  return {
    ...record,
    scan: {
      ...scan,
      fields: { ...scan.fields, passportNumber: maskPassportNumber(scan.fields.passportNumber) },
      mrz: [scan.mrz[0], maskMrzSecondLine(scan.mrz[1])],
    },
  };
}

/** What "Reveal" answers: the typed number and what the passport copy's MRZ reads, in full. */
export interface RevealedPassport {
  passportNumber: string;
  /** The latest passport copy's reading (null until one was read). */
  scanned: { passportNumber: string | null; mrz: [string, string] } | null;
}
