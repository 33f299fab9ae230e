import { parse } from 'mrz';
import type { MrzReading } from '../../core/domain/passport-scan.js';

/** A TD3 (passport) MRZ: two lines of 44 characters. */
export const TD3_LINE_LENGTH = 44;

/** What may stand at a position of the zone (ICAO 9303 Part 4). */
export type Slot = 'letter' | 'digit' | 'alnum' | 'sex';

function slotsOf(ranges: [from: number, to: number, slot: Slot][]): Slot[] {
  const slots: Slot[] = Array.from({ length: TD3_LINE_LENGTH }, () => 'alnum');
  for (const [from, to, slot] of ranges) slots.fill(slot, from, to);
  return slots;
}

/** Line 1: document code, issuing state, names. Line 2: number, nationality, dates, sex, optional data. */
export const LINE_SLOTS: readonly [Slot[], Slot[]] = [
  slotsOf([[0, 44, 'letter']]),
  slotsOf([
    [9, 10, 'digit'],
    [10, 13, 'letter'],
    [13, 20, 'digit'],
    [20, 21, 'sex'],
    [21, 28, 'digit'],
    [42, 44, 'digit'],
  ]),
];

/** Shapes OCR confuses, read as a letter where only letters may stand… */
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '7': 'T', '8': 'B' };
/** …and as a digit where only digits may stand. */
const AS_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', C: '0', I: '1', L: '1', T: '7', Z: '2', S: '5', B: '8', G: '6', A: '4' };
const AS_SEX: Record<string, string> = { H: 'M', N: 'M', E: 'F', P: 'F', K: 'X' };

/** Corrects each character to what its position may hold (O→0 in a date, 0→O in a name…). */
export function correctByPosition(line: string, slots: readonly Slot[]): string {
  return [...line]
    .map((ch, i) => {
      if (ch === '<') return ch;
      switch (slots[i]) {
        case 'letter':
          return AS_LETTER[ch] ?? ch;
        case 'digit':
          return AS_DIGIT[ch] ?? ch;
        case 'sex':
          return AS_SEX[ch] ?? ch;
        default:
          return ch;
      }
    })
    .join('');
}

/**
 * The two OCR'd lines corrected as ICAO 9303 allows: a letter where only letters may stand (names,
 * states: 0→O, 1→I, 5→S…), a digit where only digits may stand (dates, check digits: O→0, B→8…).
 * The document number and the optional data may hold both, so they are left as read: guessing
 * there (say, trying look-alikes until the check digits hold) too often finds a wrong spelling
 * that satisfies both check digits by chance, and a guess must never pass for a valid reading.
 */
export function correctTd3Lines(line1: string, line2: string): [string, string] {
  return [correctByPosition(line1, LINE_SLOTS[0]), correctByPosition(line2, LINE_SLOTS[1])];
}

/** The ICAO 9303 check digit of `text`: weights 7, 3, 1; '<' is 0, A–Z are 10–35. */
export function checkDigitOf(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    sum += (ch === '<' ? 0 : ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48) * weights[i % 3]!;
  }
  return String(sum % 10);
}

const trimFiller = (text: string) => text.replace(/^<+|<+$/g, '');
const words = (text: string) => trimFiller(text).split(/<+/).filter(Boolean).join(' ');

/**
 * Parses two corrected TD3 lines with the `mrz` library into the domain's reading (no field
 * uncertain: the lines are taken as they are); null when they are not a passport zone at all
 * (wrong length, characters outside A–Z 0–9 <, not a 'P' document).
 */
export function readTd3(lines: readonly [string, string]): MrzReading | null {
  const [line1, line2] = lines;
  if (line1.length !== TD3_LINE_LENGTH || line2.length !== TD3_LINE_LENGTH) return null;
  if (!/^[A-Z0-9<]+$/.test(line1 + line2) || line1[0] !== 'P') return null;
  let details;
  try {
    details = parse([line1, line2]).details;
  } catch {
    return null;
  }
  const valid = (field: string) => details.find((d) => d.field === field)?.valid === true;
  const names = line1.slice(5);
  const split = names.indexOf('<<');
  return {
    lines: [line1, line2],
    surname: words(split === -1 ? names : names.slice(0, split)),
    givenNames: split === -1 ? '' : words(names.slice(split + 2)),
    documentNumber: trimFiller(line2.slice(0, 9)),
    nationality: trimFiller(line2.slice(10, 13)),
    birthDate: line2.slice(13, 19),
    sex: line2[20]!,
    expiryDate: line2.slice(21, 27),
    checkDigits: {
      documentNumber: valid('documentNumberCheckDigit'),
      birthDate: valid('birthDateCheckDigit'),
      expiryDate: valid('expirationDateCheckDigit'),
      personalNumber: valid('personalNumberCheckDigit'),
      composite: valid('compositeCheckDigit'),
    },
    uncertain: [],
  };
}
