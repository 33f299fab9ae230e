import { describe, expect, it } from 'vitest';
import { findMrzCandidate, toTd3Line } from '../../adapters/passport/mrz-lines.js';
import { assembleLine2, correctTd3Lines, readTd3, voteLine } from '../../adapters/passport/mrz-text.js';
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

describe('putting line 2 together from several reads', () => {
  it('takes each field from the reads whose check digit holds, so two half-right reads make a right one', () => {
    const legacy = SPECIMEN[1].replace('ZE184226B', '2E184226B'); // optional data fails its check digit
    const lstm = SPECIMEN[1].replace('L898902C3', 'L8989O2C3'); // document number fails its check digit
    expect(assembleLine2([legacy, lstm])).toBe(SPECIMEN[1]);
  });

  it('prefers the spelling most reads agree on when a wrong one also satisfies the check digit (L read as 1)', () => {
    const wrong = SPECIMEN[1].replace('L898902C3', '1898902C3'); // L (21) and 1 differ by 20: same check digit
    expect(assembleLine2([SPECIMEN[1], wrong, SPECIMEN[1]])).toBe(SPECIMEN[1]);
  });

  it('keeps a failing field as most reads have it: a wrong check digit on the passport stays wrong', () => {
    const broken = withBrokenCheckDigit(SPECIMEN)[1];
    expect(assembleLine2([broken, broken])).toBe(broken);
  });
});

describe('line 1 from several reads', () => {
  it('takes each position as most reads have it (line 1 has no check digit to choose by)', () => {
    const reads = [SPECIMEN[0].replace('MARIA', 'MARLA'), SPECIMEN[0], SPECIMEN[0].replace('ERIKSSON', 'ERIKSS0N')];
    expect(voteLine(reads)).toBe(SPECIMEN[0]);
  });
});

describe('finding the zone among the lines of a page', () => {
  it('picks the two lines that look like a TD3 zone, whatever else the page says', () => {
    const lines = [
      ocrLine('PASSPORT', 50),
      ocrLine('ERIKSSON', 200),
      ocrLine('12 AUG 74', 260),
      ocrLine(SPECIMEN[1], 900),
      ocrLine(SPECIMEN[0], 830),
    ];
    const candidate = findMrzCandidate(lines);
    expect(candidate?.lines.map((l) => l.text)).toEqual(SPECIMEN);
    expect(candidate?.box).toEqual({ x0: 100, y0: 830, x1: 100 + 44 * 30, y1: 940 });
  });

  it('finds nothing on a page without a zone', () => {
    expect(findMrzCandidate([ocrLine('PASSPORT', 50), ocrLine('SURNAME ERIKSSON GIVEN NAMES ANNA MARIA', 120)])).toBeNull();
  });

  it('puts every character in its column when OCR dropped some (OCR-B is monospaced)', () => {
    const line = ocrLine(SPECIMEN[0], 0, { skip: [30, 31, 32, 40, 43] }); // dropped '<' fillers
    expect(line.text).toHaveLength(39);
    expect(toTd3Line(line)).toBe(SPECIMEN[0]);
    const line2 = ocrLine(SPECIMEN[1], 0, { skip: [38, 39] });
    expect(toTd3Line(line2)).toBe(SPECIMEN[1]);
  });
});
