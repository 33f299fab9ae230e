import { states } from 'mrz';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../core/domain/countries.js';
import { countryOfIcaoCode, icaoCodesOf } from '../../core/domain/icao-codes.js';
import { birthDateFromMrz, expiryDateFromMrz, mrzNamesMayBeTruncated, passportScanFromMrz, sniffPassportImageType, type MrzReading } from '../../core/domain/passport-scan.js';
import { BRITISH_FIELDS, BRITISH_READING } from '../../bench/support/synthetic-passport.js';

const NOW = new Date('2026-11-23T10:00:00Z');

function reading(overrides: Partial<MrzReading> = {}): MrzReading {
  return { ...BRITISH_READING, ...overrides };
}

describe('nationality from the MRZ code (ICAO 9303 → the product list)', () => {
  it('gives every country of the list a code, and no code to two countries', () => {
    const codes = COUNTRIES.flatMap((country) => icaoCodesOf(country));
    expect(codes.length).toBeGreaterThanOrEqual(COUNTRIES.length);
    expect(new Set(codes).size).toBe(codes.length);
    for (const country of COUNTRIES) expect(countryOfIcaoCode(icaoCodesOf(country)[0]!)).toBe(country);
  });

  it('uses only codes ICAO 9303 defines (as the mrz package lists them)', () => {
    const known = new Set(Object.keys(states));
    const unknown = COUNTRIES.flatMap((country) => icaoCodesOf(country)).filter((code) => !known.has(code));
    expect(unknown).toEqual([]);
  });

  it.each([
    ['GBR', 'United Kingdom'],
    ['GBD', 'United Kingdom'],
    ['GBN', 'United Kingdom'],
    ['GBO', 'United Kingdom'],
    ['GBP', 'United Kingdom'],
    ['GBS', 'United Kingdom'],
    ['D', 'Germany'],
    ['D<<', 'Germany'],
    ['IRL', 'Ireland {Republic}'],
    ['COD', 'Congo {Democratic Rep}'],
    ['MMR', 'Myanmar, {Burma}'],
    ['KOR', 'Korea South'],
    ['PRK', 'Korea North'],
    ['CIV', 'Ivory Coast'],
    ['RKS', 'Kosovo'],
    ['USA', 'United States'],
    ['EGY', 'Egypt'],
  ])('%s is %s', (code, country) => {
    expect(countryOfIcaoCode(code)).toBe(country);
  });

  it.each(['UTO', 'XXA', 'UNO', 'EUE', 'HKG', 'DEU', '', '<<<'])('%s is no country of the list', (code) => {
    expect(countryOfIcaoCode(code)).toBeNull();
  });
});

describe('dates from the MRZ (two-digit years, relative to today)', () => {
  it('puts births in the past: this century up to today, else the last one', () => {
    expect(birthDateFromMrz('900501', '2026-11-23')).toBe('1990-05-01');
    expect(birthDateFromMrz('150301', '2026-11-23')).toBe('2015-03-01');
    expect(birthDateFromMrz('261123', '2026-11-23')).toBe('2026-11-23');
    expect(birthDateFromMrz('261124', '2026-11-23')).toBe('1926-11-24');
    expect(birthDateFromMrz('000229', '2026-11-23')).toBe('2000-02-29');
  });

  it('puts expiries within 50 years of today: future ones ahead, a lapsed one a few years back', () => {
    expect(expiryDateFromMrz('310101', '2026-11-23')).toBe('2031-01-01');
    expect(expiryDateFromMrz('190415', '2026-11-23')).toBe('2019-04-15');
    expect(expiryDateFromMrz('750101', '2026-11-23')).toBe('2075-01-01');
    expect(expiryDateFromMrz('770101', '2026-11-23')).toBe('1977-01-01');
    expect(expiryDateFromMrz('010101', '2099-06-01')).toBe('2101-01-01');
  });

  it.each(['', '9005', '90050A', '901301', '900532', '010229', '<<<<<<'])('%s is no date', (text) => {
    expect(birthDateFromMrz(text, '2026-11-23')).toBeNull();
    expect(expiryDateFromMrz(text, '2026-11-23')).toBeNull();
  });
});

describe("a scan's fields from an MRZ reading", () => {
  it("fills the form's fields: names as written, the list's country, ISO dates, the form's gender", () => {
    expect(passportScanFromMrz(reading(), NOW)).toEqual({ fields: BRITISH_FIELDS, valid: true, uncertain: [], mrz: BRITISH_READING.lines });
    expect(BRITISH_FIELDS).toMatchObject({ nationality: 'United Kingdom', dateOfBirth: '1990-05-01', gender: 'female', passportExpiry: '2031-01-01' });
  });

  it('is not valid while a field is uncertain, though every check digit holds: check digits do not cover the names', () => {
    const scan = passportScanFromMrz(reading({ uncertain: ['surname'] }), NOW);
    expect(scan).toMatchObject({ valid: false, uncertain: ['surname'], fields: { surname: 'SMITH' } });
  });

  it.each([
    ['M', 'male'],
    ['F', 'female'],
    ['X', null],
    ['<', null],
  ] as const)('sex %s is %s', (sex, gender) => {
    expect(passportScanFromMrz(reading({ sex }), NOW).fields.gender).toBe(gender);
  });

  it('leaves unknown what the zone does not say: a code outside the list, an impossible date, no given names', () => {
    const { fields } = passportScanFromMrz(reading({ nationality: 'UTO', birthDate: '901340', givenNames: '' }), NOW);
    expect(fields).toMatchObject({ nationality: null, dateOfBirth: null, givenName: null });
  });

  it.each(['documentNumber', 'birthDate', 'expiryDate', 'personalNumber', 'composite'] as const)('is valid only when every check digit holds (not when %s fails)', (failing) => {
    const checkDigits = { ...reading().checkDigits, [failing]: false };
    expect(passportScanFromMrz(reading({ checkDigits }), NOW).valid).toBe(false);
  });

  it('resolves the dates on the Clock: the same zone read in 1999 is another century', () => {
    expect(passportScanFromMrz(reading({ birthDate: '050607' }), NOW).fields.dateOfBirth).toBe('2005-06-07');
    expect(passportScanFromMrz(reading({ birthDate: '050607' }), new Date('1999-01-01T12:00:00Z')).fields.dateOfBirth).toBe('1905-06-07');
  });

  it('knows when the name field is full, so the names may be cut short', () => {
    expect(mrzNamesMayBeTruncated(reading().lines)).toBe(false);
    expect(mrzNamesMayBeTruncated(['P<GBRWOLFESCHLEGELSTEINHAUSEN<<HUBERT<BLAINE', reading().lines[1]])).toBe(true);
  });
});

describe('passport image types, from the first bytes', () => {
  const bytes = (...values: (number | string)[]) => Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

  it('takes what uploads take', () => {
    expect(sniffPassportImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffPassportImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffPassportImageType(bytes('%PDF-1.7'))).toBe('application/pdf');
  });

  it.each(['heic', 'heix', 'hevc', 'mif1', 'msf1'])("takes a HEIF file of brand '%s' as HEIC", (brand) => {
    expect(sniffPassportImageType(bytes(0, 0, 0, 0x18, 'ftyp', brand, 0, 0, 0, 0))).toBe('image/heic');
  });

  it('refuses anything else, whatever its name', () => {
    expect(sniffPassportImageType(bytes(0, 0, 0, 0x18, 'ftyp', 'isom', 0, 0, 0, 0))).toBeNull(); // an MP4 video
    expect(sniffPassportImageType(bytes('GIF89a'))).toBeNull();
    expect(sniffPassportImageType(bytes('hello, world'))).toBeNull();
    expect(sniffPassportImageType(bytes())).toBeNull();
  });
});
