import type { MrzReading, PassportField } from '../../core/domain/passport-scan.js';
import { checkDigitOf, correctByPosition, LINE_SLOTS, readTd3, TD3_LINE_LENGTH } from './mrz-text.js';

/** One OCR read of a zone line, fitted to its 44 columns: each character with tesseract's confidence (0–100). */
export interface LineRead {
  text: string;
  confidences: readonly number[];
}

/** One read of the whole zone (one variant of the image: threshold, scale, engine). */
export type ZoneRead = readonly [LineRead, LineRead];

/**
 * Below this a character of a name, the nationality or the document number is not trusted: the
 * field is answered uncertain and the reading `valid: false`. A position's confidence is mostly the
 * reads' agreement (the OCR-B model is ~99 % sure of nearly every character, right or wrong).
 * Calibrated on the 21 real specimen pages, each read as it is and at half, a third and a quarter
 * of its size, blurred and recompressed (105 readings): at 0.75 no wrong name is left without an
 * uncertain field (at 0.6, three were), and 27 of the 40 right ones are certain.
 */
export const TRUSTED_CONFIDENCE = 0.75;

/** A position's choice over the reads: the character with the most confidence behind it. */
interface Vote {
  ch: string;
  /** 0–1: the share of the reads' confidence behind `ch`, times the mean confidence of those reads. */
  confidence: number;
  /** Every character some read saw here, best first (the repair's alternatives). */
  seen: string[];
}

function voteAt(reads: readonly LineRead[], i: number): Vote {
  const weight = new Map<string, { sum: number; n: number }>();
  let total = 0;
  for (const read of reads) {
    const ch = read.text[i] ?? '<';
    const conf = Math.max(1, read.confidences[i] ?? 0);
    const entry = weight.get(ch) ?? { sum: 0, n: 0 };
    entry.sum += conf;
    entry.n += 1;
    weight.set(ch, entry);
    total += conf;
  }
  const ranked = [...weight].sort((a, b) => b[1].sum - a[1].sum);
  const [ch, best] = ranked[0]!;
  return { ch, confidence: (best.sum / total) * (best.sum / best.n / 100), seen: ranked.map(([c]) => c) };
}

function voteLine(reads: readonly LineRead[]): Vote[] {
  return Array.from({ length: TD3_LINE_LENGTH }, (_, i) => voteAt(reads, i));
}

/**
 * Letters and digits OCR-B draws alike. Only where a field may hold both (the document number, the
 * optional data) is one taken for the other; in dates and names the position already decides.
 */
const LOOK_ALIKES: Record<string, readonly string[]> = {
  O: ['0'],
  D: ['0'],
  Q: ['0'],
  '0': ['O', 'D'],
  I: ['1'],
  L: ['1'],
  '1': ['I'],
  B: ['8'],
  '8': ['B'],
  S: ['5'],
  '5': ['S'],
  Z: ['2'],
  '2': ['Z'],
  G: ['6'],
  '6': ['G'],
  T: ['7'],
  '7': ['T'],
  A: ['4'],
  '4': ['A'],
};

/** Line 2's checked fields: where the value stands, its check digit, and the form field it fills. */
const CHECKED_FIELDS = [
  { from: 0, to: 9, digit: 9, field: 'passportNumber' },
  { from: 13, to: 19, digit: 19, field: 'dateOfBirth' },
  { from: 21, to: 27, digit: 27, field: 'passportExpiry' },
  { from: 28, to: 42, digit: 42, field: null },
] as const satisfies readonly { from: number; to: number; digit: number; field: PassportField | null }[];

function holds(value: string, digit: string): boolean {
  if (value.replace(/</g, '') === '') return digit === '<' || digit === '0';
  return checkDigitOf(value) === digit;
}

/** Below this a position is in doubt even when every read agrees on it. */
const DOUBT_CONFIDENCE = 0.9;

/**
 * The characters a position may be repaired to: what other reads saw there, and its look-alike
 * where letters and digits may both stand. Only a position in doubt (the reads disagree, or their
 * confidence is low) is repaired: one look-alike swap in ten satisfies a check digit by chance, so
 * swapping characters every read agreed on would turn a misread elsewhere into a valid wrong number.
 */
function alternatives(vote: Vote, slot: (typeof LINE_SLOTS)[1][number]): string[] {
  if (vote.seen.length < 2 && vote.confidence >= DOUBT_CONFIDENCE) return [];
  const options = [...vote.seen.slice(1), ...(slot === 'alnum' ? (LOOK_ALIKES[vote.ch] ?? []) : [])];
  const allowed = (ch: string) => (slot === 'digit' ? /[0-9]/.test(ch) : slot === 'letter' ? /[A-Z<]/.test(ch) : true);
  return [...new Set(options)].filter((ch) => ch !== vote.ch && allowed(ch));
}

/**
 * A checked field whose check digit fails, repaired when exactly one single-character change (a
 * look-alike, or what another read saw) makes it hold; two or more possible repairs are a guess,
 * and the field stays as voted. Answers whether the field now holds.
 */
function repairField(votes: Vote[], from: number, digit: number): 'held' | 'repaired' | 'fails' {
  const text = () => votes.map((v) => v.ch).join('');
  if (holds(text().slice(from, digit), text()[digit]!)) return 'held';
  const repairs: { at: number; ch: string }[] = [];
  for (let at = from; at <= digit; at += 1) {
    for (const ch of alternatives(votes[at]!, LINE_SLOTS[1][at]!)) {
      const candidate = text().slice(0, at) + ch + text().slice(at + 1);
      if (holds(candidate.slice(from, digit), candidate[digit]!)) repairs.push({ at, ch });
    }
  }
  if (repairs.length !== 1) return 'fails';
  const { at, ch } = repairs[0]!;
  votes[at] = { ch, confidence: votes[at]!.confidence, seen: votes[at]!.seen };
  return 'repaired';
}

/**
 * Line 1's names end at the first run of three fillers: ICAO 9303 separates name parts by one '<'
 * and surname from given names by two, so a third is the padding, and anything read after it is a
 * mark on the page (a stray 'C' in the padding is not a given name).
 */
function clearPadding(line1: Vote[]): void {
  const padding = line1
    .map((v) => v.ch)
    .join('')
    .indexOf('<<<', 5);
  if (padding === -1) return;
  for (let i = padding; i < line1.length; i += 1) if (line1[i]!.ch !== '<') line1[i] = { ch: '<', confidence: line1[i]!.confidence, seen: line1[i]!.seen };
}

/**
 * Whether line 1's issuing state looks like a misread: not letters then fillers (a filler first,
 * the names shifted), or one or two characters off line 2's nationality. A state issuing to
 * another's nationals differs in all three (BDR for D<<, LVA for the stateless XXC).
 */
export function issuerLooksMisread(issuer: string, nationality: string): boolean {
  if (!/^[A-Z]+<*$/.test(issuer)) return true;
  if (issuer === nationality) return false;
  return [...issuer].filter((ch, i) => ch !== nationality[i]).length <= 2;
}

const minConfidence = (votes: readonly Vote[], from: number, to: number) => Math.min(1, ...votes.slice(from, to).map((v) => v.confidence));

/**
 * The reading of a zone from one or more reads of it: each read corrected by what its positions
 * may hold (letters in names and states, digits in dates and check digits), then each position
 * voted by confidence over the reads, each failing checked field repaired when exactly one change
 * makes it hold (and the composite check digit then confirms it). A field is uncertain when its
 * check digit fails, when a character of a name, the nationality or the document number has a
 * confidence under TRUSTED_CONFIDENCE, or when the sex is not M, F or <; the names also when line 1's
 * issuing state looks misread, when there are no given names, and, on a `soft` image, when they hold
 * an H or an M. Null when no read is a passport zone.
 */
export function readZone(reads: readonly ZoneRead[], image: { soft?: boolean } = {}): MrzReading | null {
  if (reads.length === 0) return null;
  const corrected = reads.map(([l1, l2]) =>
    [0, 1].map((n) => {
      const read = n === 0 ? l1 : l2;
      const text = read.text.padEnd(TD3_LINE_LENGTH, '<').slice(0, TD3_LINE_LENGTH);
      return { text: correctByPosition(text, LINE_SLOTS[n as 0 | 1]), confidences: read.confidences };
    }),
  );
  const line1 = voteLine(corrected.map((r) => r[0]!));
  const line2 = voteLine(corrected.map((r) => r[1]!));
  clearPadding(line1);
  const uncertain = new Set<PassportField>();
  const repaired: PassportField[] = [];
  let failing = 0;
  const damaged: { from: number; digit: number }[] = [];
  for (const { from, digit, field } of CHECKED_FIELDS) {
    const outcome = repairField(line2, from, digit);
    if (outcome === 'fails') {
      failing += 1;
      damaged.push({ from, digit });
    }
    if (outcome === 'fails' && field) uncertain.add(field);
    if (outcome === 'repaired' && field) repaired.push(field);
    // A repaired document number is a guess between look-alikes its check digit cannot tell apart:
    // A, K and U weigh as 0, B, L and V as 1… (A0000000 and 00000000 hold alike).
    if (outcome === 'repaired' && field === 'passportNumber') uncertain.add(field);
  }
  const lines: [string, string] = [line1.map((v) => v.ch).join(''), line2.map((v) => v.ch).join('')];
  const reading = readTd3(lines);
  if (!reading) return null;
  // The composite check digit covers the number, both dates and the optional data together: when
  // it fails, a repair may have been the wrong one, and a field outside them (nationality, sex) may be wrong.
  if (!reading.checkDigits.composite) for (const field of [...repaired, 'nationality', 'gender'] as const) uncertain.add(field);
  // A failing composite: line 2 holds a misread somewhere, and a field's own check digit holds by
  // chance one time in ten. Two or more fields failing or repaired: the read is poor throughout
  // (ISL at a third: the number repaired, the optional data failing, a wrong birth date and the
  // composite holding by chance). Either way no checked field is trusted.
  if (!reading.checkDigits.composite || failing + repaired.length >= 2) for (const field of ['passportNumber', 'dateOfBirth', 'passportExpiry'] as const) uncertain.add(field);
  const names = lines[0].slice(5);
  const split = names.indexOf('<<');
  const surnameEnd = 5 + (split === -1 ? names.length : split);
  const lastLetter = 5 + names.replace(/<+$/, '').length;
  if (minConfidence(line1, 5, surnameEnd) < TRUSTED_CONFIDENCE || reading.surname === '') uncertain.add('surname');
  if (split !== -1 && minConfidence(line1, surnameEnd + 2, Math.max(surnameEnd + 2, lastLetter)) < TRUSTED_CONFIDENCE) uncertain.add('givenName');
  // No given names: a person may have none, but a blurred line 1 also reads its given names as
  // fillers, all of them confidently; the traveller is asked to check the empty field.
  // The same holds for the surname then: glare over the names reads as fillers, and what it left
  // of them (KOWALSKA of KOWALSKA<KWIATKOWSKA<<JOANNA) reads as a whole surname.
  // Glare, a crease or a finger covers both lines in the same columns: a name reaching the columns
  // of a line-2 field whose check digit fails (or ending just before them: the rest read as
  // fillers, MEI<HUA as MET) may be damaged too.
  for (const { from, digit } of damaged) {
    if (from <= surnameEnd && digit >= 5) uncertain.add('surname');
    if (split !== -1 && from <= lastLetter && digit >= surnameEnd + 2) uncertain.add('givenName');
  }
  if (reading.givenNames === '') {
    uncertain.add('givenName');
    uncertain.add('surname');
  }
  // A date with a filler in it: the check digit counts '<' as 0, so 6<<410 holds where 600410 does.
  if (!/^\d{6}$/.test(reading.birthDate)) uncertain.add('dateOfBirth');
  if (!/^\d{6}$/.test(reading.expiryDate)) uncertain.add('passportExpiry');
  // The names have no check digit. Line 1's issuing state is the one thing on it to compare: read
  // one or two letters off line 2's nationality (MUN for HUN, NLO for NLD), or out of place, it says
  // line 1 was misread (the model reads H as M on a soft photo, all reads alike), names included.
  // On a soft zone (blurred, or small) the OCR-B model reads H as M, every read alike and ~98 % sure
  // (LIN MEI MUA for HUA, TMURIDUR for THURIDUR): a name holding either letter there is uncertain.
  if (image.soft) {
    if (/[HM]/.test(reading.surname)) uncertain.add('surname');
    if (/[HM]/.test(reading.givenNames)) uncertain.add('givenName');
  }
  if (issuerLooksMisread(lines[0].slice(2, 5), lines[1].slice(10, 13))) {
    uncertain.add('surname');
    uncertain.add('givenName');
  }
  if (minConfidence(line2, 10, 13) < TRUSTED_CONFIDENCE) uncertain.add('nationality');
  // A document number's check digit does not tell 0 from O or D when they stand several times
  // (ADODOODD holds where A0000000 does), and the composite check digit weighs them alike.
  if (minConfidence(line2, 0, 9) < TRUSTED_CONFIDENCE) uncertain.add('passportNumber');
  if (!['M', 'F', '<'].includes(reading.sex)) uncertain.add('gender');
  return { ...reading, uncertain: [...uncertain] };
}
