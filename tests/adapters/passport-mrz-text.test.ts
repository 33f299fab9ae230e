import { describe, expect, it } from 'vitest';
import { toLineRead } from '../../adapters/passport/mrz-lines.js';
import { correctTd3Lines, readTd3 } from '../../adapters/passport/mrz-text.js';
import { readZone, type LineRead, type ZoneRead } from '../../adapters/passport/mrz-vote.js';
import type { OcrLine } from '../../adapters/passport/ocr.js';
import { BRITISH_TRAVELLER, ICAO_SPECIMEN, td3Lines, withBrokenCheckDigit } from '../../bench/support/synthetic-passport.js';

const SPECIMEN = td3Lines(ICAO_SPECIMEN);

/** An OCR line of these characters at a 30 px pitch (monospace), `skip`ped columns left out. */
function ocrLine(text: string, y: number, options: { skip?: number[]; confidence?: number } = {}): OcrLine {
  const symbols = [...text]
    .map((ch, i) => ({ ch, i }))
    .filter(({ i }) => !options.skip?.includes(i))
    .map(({ ch, i }) => ({ text: ch, confidence: options.confidence ?? 90, box: { x0: 100 + i * 30, y0: y, x1: 122 + i * 30, y1: y + 40 } }));
  return {
    text: symbols.map((s) => s.text).join(''),
    confidence: options.confidence ?? 90,
    box: { x0: 100, y0: y, x1: 100 + text.length * 30, y1: y + 40 },
    symbols,
  };
}

/** Where ocrLine's 44 characters stand: 44 columns of 30 px, each character centred in its own. */
const SPAN = { x0: 99, x1: 99 + 30 * 43.8 };

describe('reading TD3 lines (the mrz package under the domain reading)', () => {
  it("reads ICAO's specimen: names, number, codes, dates and sex as written, every check digit holding", () => {
    expect(readTd3(SPECIMEN)).toEqual({
      lines: SPECIMEN,
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      documentNumber: 'L898902C3',
      nationality: 'UTO',
      birthDate: '740812',
      sex: 'F',
      expiryDate: '120415',
      checkDigits: { documentNumber: true, birthDate: true, expiryDate: true, personalNumber: true, composite: true },
      uncertain: [],
    });
  });

  it('says which check digits fail', () => {
    expect(readTd3(withBrokenCheckDigit(SPECIMEN))?.checkDigits).toEqual({
      documentNumber: true,
      birthDate: false,
      expiryDate: true,
      personalNumber: true,
      composite: false,
    });
  });

  it("reads Germany's one-letter code, an empty optional field and sex X", () => {
    const lines = td3Lines({ ...BRITISH_TRAVELLER, issuingState: 'D', nationality: 'D', sex: 'X' });
    expect(readTd3(lines)).toMatchObject({ nationality: 'D', sex: 'X', checkDigits: { personalNumber: true, composite: true } });
  });

  it('is no passport zone at a wrong length, with other characters, or for another document', () => {
    expect(readTd3([SPECIMEN[0].slice(1), SPECIMEN[1]])).toBeNull();
    expect(readTd3([SPECIMEN[0].replace('ANNA', 'ANNÄ'), SPECIMEN[1]])).toBeNull();
    expect(readTd3([`V${SPECIMEN[0].slice(1)}`, SPECIMEN[1]])).toBeNull();
  });
});

describe('correcting OCR by what each position may hold', () => {
  it('turns digits into letters in names and codes, letters into digits in dates and check digits', () => {
    const line1 = 'P<UT0ER1KSS0N<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<';
    const line2 = 'L898902C36UT07408I2ZF12O4I59ZE184226B<<<<<IO';
    expect(correctTd3Lines(line1, line2)).toEqual(SPECIMEN);
  });

  it('reads a misread sex as the letter it looks like', () => {
    const line2 = SPECIMEN[1].slice(0, 20) + 'E' + SPECIMEN[1].slice(21);
    expect(correctTd3Lines(SPECIMEN[0], line2)[1]).toBe(SPECIMEN[1]);
  });

  it('leaves the letters-and-digits fields (document number, optional data) as read: no guessing there', () => {
    const line2 = SPECIMEN[1].replace('L898902C3', '1898902C3').replace('ZE184226B', '2E184226B');
    expect(correctTd3Lines(SPECIMEN[0], line2)[1]).toBe(line2);
  });
});

/** A read of a line, every character at `confidence` except those listed. */
function read(text: string, confidence = 90, low: Record<number, number> = {}): LineRead {
  return { text, confidences: Array.from(text, (_, i) => low[i] ?? confidence) };
}
const zone = (line1: string, line2: string, l1Low: Record<number, number> = {}): ZoneRead => [read(line1, 90, l1Low), read(line2)];

describe('reading a zone from several reads', () => {
  it('takes each field from the reads whose check digit holds, so two half-right reads and a right one make a right one', () => {
    const legacy = SPECIMEN[1].replace('ZE184226B', '2E184226B'); // optional data fails its check digit
    const lstm = SPECIMEN[1].replace('L898902C3', 'L8989O2C3'); // document number fails its check digit
    const reading = readZone([zone(SPECIMEN[0], legacy), zone(SPECIMEN[0], lstm), zone(SPECIMEN[0], SPECIMEN[1])]);
    expect(reading?.lines).toEqual(SPECIMEN);
    expect(Object.values(reading!.checkDigits).every(Boolean)).toBe(true);
    // one read in three disagreed on the number and on the optional data: too little agreement to be sure of the number
    expect(reading?.uncertain).toEqual(['passportNumber']);
  });

  it('repairs a field when exactly one look-alike at a doubtful position makes its check digit hold (0 read as O in a number)', () => {
    const line2: LineRead = { text: SPECIMEN[1].replace('L898902C3', 'L8989O2C3'), confidences: Array.from(SPECIMEN[1], (_, i) => (i === 5 ? 70 : 95)) };
    const reading = readZone([[read(SPECIMEN[0], 95), line2]]);
    expect(reading?.lines[1]).toBe(SPECIMEN[1]);
    expect(reading?.checkDigits.documentNumber).toBe(true);
  });

  it('repairs with what another read saw there (one engine read X, the other K)', () => {
    const misread = SPECIMEN[1].replace('L898902C3', 'K898902C3');
    const reading = readZone([zone(SPECIMEN[0], misread), zone(SPECIMEN[0], misread), [read(SPECIMEN[0], 60), read(SPECIMEN[1], 60)]]);
    expect(reading?.lines[1]).toBe(SPECIMEN[1]);
  });

  it('does not swap characters every read is sure of: a misread elsewhere must not become a valid wrong number', () => {
    // K for L (not a look-alike) makes the check digit fail; swapping the sure 2 for a Z would make it hold by chance.
    const line2 = 'KP82716024FIN7112214F1108213211271<426U<<<04';
    const reading = readZone([[read('P<FINVIRTANEN<<MARIA<OLIVIA<<<<<<<<<<<<<<<<<', 99), read(line2, 99)]]);
    expect(reading?.lines[1]).toBe(line2);
    expect(reading?.checkDigits.documentNumber).toBe(false);
    expect(reading?.uncertain).toContain('passportNumber');
  });

  it('keeps a failing field as read and marks it uncertain when no single change repairs it', () => {
    const broken = withBrokenCheckDigit(SPECIMEN);
    const reading = readZone([zone(...broken)]);
    expect(reading?.lines).toEqual(broken);
    expect(reading?.uncertain).toContain('dateOfBirth');
  });

  it('takes each line 1 position as the confidence of the reads has it', () => {
    const reads = [zone(SPECIMEN[0].replace('MARIA', 'MARLA'), SPECIMEN[1]), zone(SPECIMEN[0], SPECIMEN[1]), zone(SPECIMEN[0].replace('ERIKSSON', 'ERIKSS0N'), SPECIMEN[1])];
    expect(readZone(reads)?.lines[0]).toBe(SPECIMEN[0]);
  });

  it('drops marks read in the padding after the names (a third filler in a row ends them)', () => {
    const stray = SPECIMEN[0].slice(0, 30) + 'C<C' + SPECIMEN[0].slice(33);
    const reading = readZone([zone(stray, SPECIMEN[1])]);
    expect(reading?.givenNames).toBe('ANNA MARIA');
    expect(reading?.lines[0]).toBe(SPECIMEN[0]);
  });

  it('marks a document number read with low confidence uncertain, though its check digit holds (O and D for 0 can hold by chance)', () => {
    const line2: LineRead = { text: SPECIMEN[1], confidences: Array.from(SPECIMEN[1], (_, i) => (i === 3 ? 35 : 90)) };
    const reading = readZone([[read(SPECIMEN[0]), line2]]);
    expect(reading?.checkDigits.documentNumber).toBe(true);
    expect(reading?.uncertain).toEqual(['passportNumber']);
  });

  it('marks the surname uncertain when one of its characters was read with low confidence, whatever the check digits say', () => {
    const reading = readZone([zone(SPECIMEN[0].replace('ERIKSSON', 'ERIKSS0N'), SPECIMEN[1], { 11: 30 })]);
    expect(reading?.surname).toBe('ERIKSSON');
    expect(reading?.uncertain).toEqual(['surname']);
  });
});

describe('what a reading is not sure of, though every read agrees and every check digit holds (issue 42)', () => {
  it('marks a repaired document number uncertain: its check digit weighs A, K and U as 0, B, L and V as 1…', () => {
    const line2: LineRead = { text: SPECIMEN[1].replace('L898902C3', 'L8989O2C3'), confidences: Array.from(SPECIMEN[1], (_, i) => (i === 5 ? 70 : 95)) };
    const reading = readZone([[read(SPECIMEN[0], 95), line2]]);
    expect(reading?.lines[1]).toBe(SPECIMEN[1]);
    expect(reading?.uncertain).toContain('passportNumber');
  });

  it("marks the names uncertain when line 1's issuing state reads one letter off the nationality (MUN for HUN: line 1 misread)", () => {
    const misread = 'P<UTQ' + SPECIMEN[0].slice(5);
    const reading = readZone([zone(misread, SPECIMEN[1]), zone(misread, SPECIMEN[1]), zone(misread, SPECIMEN[1])]);
    expect(reading?.uncertain).toEqual(expect.arrayContaining(['surname', 'givenName']));
  });

  it('trusts names under an issuing state that differs from the nationality in all three letters (BDR for D, a state issuing to the stateless)', () => {
    const german = 'P<BDR' + SPECIMEN[0].slice(5);
    const reading = readZone([zone(german, SPECIMEN[1]), zone(german, SPECIMEN[1]), zone(german, SPECIMEN[1])]);
    expect(reading?.uncertain).toEqual([]);
  });

  it('marks both names uncertain when no given names were read (glare or blur reads them as fillers)', () => {
    const noGiven = 'P<UTOERIKSSON'.padEnd(44, '<');
    const reading = readZone([zone(noGiven, SPECIMEN[1]), zone(noGiven, SPECIMEN[1]), zone(noGiven, SPECIMEN[1])]);
    expect(reading?.givenNames).toBe('');
    expect(reading?.uncertain).toEqual(expect.arrayContaining(['surname', 'givenName']));
  });

  it("marks a date holding a filler uncertain, though its check digit counts '<' as 0 and holds", () => {
    const line2 = SPECIMEN[1].replace('UTO740812', 'UTO74<812');
    const reading = readZone([zone(SPECIMEN[0], line2), zone(SPECIMEN[0], line2), zone(SPECIMEN[0], line2)]);
    expect(reading?.checkDigits.birthDate).toBe(true);
    expect(reading?.uncertain).toContain('dateOfBirth');
  });

  it('marks every checked field uncertain when the composite check digit fails and no field explains it', () => {
    const line2 = SPECIMEN[1].slice(0, 43) + '9';
    const reading = readZone([zone(SPECIMEN[0], line2), zone(SPECIMEN[0], line2), zone(SPECIMEN[0], line2)]);
    expect(reading?.uncertain).toEqual(expect.arrayContaining(['passportNumber', 'dateOfBirth', 'passportExpiry']));
  });

  it('marks names reaching the columns of a failing line-2 field uncertain (glare covers both lines there: ANNA<MARIA read as ANNA)', () => {
    const washed = 'P<UTOERIKSSON<<ANNA'.padEnd(44, '<');
    const line2 = SPECIMEN[1].replace('UTO740812', 'UTO740813');
    const reading = readZone([zone(washed, line2), zone(washed, line2), zone(washed, line2)]);
    expect(reading?.givenNames).toBe('ANNA');
    expect(reading?.uncertain).toEqual(expect.arrayContaining(['surname', 'givenName', 'dateOfBirth']));
  });

  it('marks a name holding an H or an M uncertain on a soft image (the model reads a blurred H as M), and only then', () => {
    const reads = [zone(...SPECIMEN), zone(...SPECIMEN), zone(...SPECIMEN)];
    expect(readZone(reads)?.uncertain).toEqual([]);
    // ERIKSSON holds neither letter; ANNA MARIA holds an M.
    expect(readZone(reads, { soft: true })?.uncertain).toEqual(['givenName']);
  });
});

describe("placing a line's characters in their 44 columns", () => {
  it('puts every character in its column when OCR dropped some (OCR-B is monospaced)', () => {
    const line = ocrLine(SPECIMEN[0], 0, { skip: [30, 31, 32, 40, 43] }); // dropped '<' fillers
    expect(line.text).toHaveLength(39);
    expect(toLineRead(line, SPAN).text).toBe(SPECIMEN[0]);
    const line2 = ocrLine(SPECIMEN[1], 0, { skip: [38, 39] });
    expect(toLineRead(line2, SPAN).text).toBe(SPECIMEN[1]);
  });

  it('drops what was read outside the zone line (a border or print beside it)', () => {
    const line = ocrLine(`X${SPECIMEN[0]}X`, 0);
    const shifted = { x0: SPAN.x0 + 30, x1: SPAN.x1 + 30 };
    expect(toLineRead(line, shifted).text).toBe(SPECIMEN[0]);
  });
});
