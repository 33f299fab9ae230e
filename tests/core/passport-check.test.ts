import { describe, expect, it } from 'vitest';
import { comparePassport, type TypedPassportFields } from '../../core/domain/passport-check.js';
import type { PassportScan } from '../../core/domain/passport-scan.js';
import { BRITISH_FIELDS, BRITISH_READING } from '../../bench/support/synthetic-passport.js';

function scan(overrides: Partial<PassportScan['fields']> = {}, options: { valid?: boolean; line1?: string } = {}): PassportScan {
  return {
    fields: { ...BRITISH_FIELDS, ...overrides },
    valid: options.valid ?? true,
    uncertain: [],
    mrz: [options.line1 ?? BRITISH_READING.lines[0], BRITISH_READING.lines[1]],
  };
}

function typed(overrides: Partial<TypedPassportFields> = {}): TypedPassportFields {
  return {
    surname: 'Smith',
    givenName: 'Alice Jane',
    passportNumber: '925076473',
    nationality: 'United Kingdom',
    dateOfBirth: '1990-05-01',
    gender: 'female',
    passportExpiry: '2031-01-01',
    ...overrides,
  };
}

describe('comparePassport: what the applicant typed against the passport MRZ', () => {
  it('matches when every field agrees, whatever the case', () => {
    expect(comparePassport(scan(), typed())).toEqual({ status: 'match', mismatches: [] });
    expect(comparePassport(scan(), typed({ surname: 'SMITH', givenName: 'alice jane' })).status).toBe('match');
  });

  it('lists every field that differs, in the form order', () => {
    const check = comparePassport(scan(), typed({ passportExpiry: '2031-01-02', surname: 'Smyth', passportNumber: '925076474', gender: 'male' }));
    expect(check).toEqual({ status: 'mismatch', mismatches: ['surname', 'passportNumber', 'gender', 'passportExpiry'] });
  });

  it.each([
    ['nationality', { nationality: 'Ireland {Republic}' }],
    ['dateOfBirth', { dateOfBirth: '1990-01-05' }],
    ['givenName', { givenName: 'Alice' }],
    ['givenName', { givenName: 'Alicia Jane' }],
  ] as const)('flags %s', (field, change) => {
    expect(comparePassport(scan(), typed(change))).toEqual({ status: 'mismatch', mismatches: [field] });
  });

  it('is unreadable when there is no reading, or when its check digits do not all hold', () => {
    expect(comparePassport(null, typed())).toEqual({ status: 'unreadable', mismatches: [] });
    expect(comparePassport(scan({ surname: 'SMYTH' }, { valid: false }), typed())).toEqual({ status: 'unreadable', mismatches: [] });
  });

  it('is unreadable, not a mismatch, when the reader was unsure of a name: a misread letter must not accuse the applicant', () => {
    const unsure: PassportScan = { ...scan({ surname: 'SHITH' }), uncertain: ['surname'] };
    expect(comparePassport(unsure, typed())).toEqual({ status: 'unreadable', mismatches: [] });
  });

  it('writes names as the MRZ does: accents off (Ü as UE or U), apostrophes dropped, hyphens and spaces as one separator', () => {
    const mrz = scan({ surname: 'OBRIEN MUELLER', givenName: 'JOSE ANNE MARIE' });
    expect(comparePassport(mrz, typed({ surname: "O'Brien-Müller", givenName: 'José  Anne-Marie' })).status).toBe('match');
    expect(comparePassport(scan({ surname: 'OBRIEN MULLER', givenName: 'JOSE ANNE MARIE' }), typed({ surname: 'O’Brien Müller', givenName: 'José Anne Marie' })).status).toBe('match');
    expect(comparePassport(scan({ surname: 'STRASSE', givenName: 'SOREN' }), typed({ surname: 'Straße', givenName: 'Søren' })).status).toBe('match');
    expect(comparePassport(scan({ surname: 'OBRIEN' }), typed({ surname: 'Brien' })).mismatches).toEqual(['surname']);
  });

  it('lets a name cut short by a full name field match the whole typed name, but not a different one', () => {
    const full = 'P<GBRWOLFESCHLEGELSTEINHAUSEN<<HUBERT<BLAINE';
    const cut = scan({ surname: 'WOLFESCHLEGELSTEINHAUSEN', givenName: 'HUBERT BLAINE' }, { line1: full });
    expect(comparePassport(cut, typed({ surname: 'Wolfeschlegelsteinhausen', givenName: 'Hubert Blaine Charles' })).status).toBe('match');
    expect(comparePassport(cut, typed({ surname: 'Wolfeschlegelsteinhausen', givenName: 'Hubert Blair' })).mismatches).toEqual(['givenName']);
    // The surname is only cut when it left no room for given names.
    expect(comparePassport(cut, typed({ surname: 'Wolfeschlegelsteinhausenberger', givenName: 'Hubert Blaine' })).mismatches).toEqual(['surname']);
    const surnameOnly = scan({ surname: 'WOLFESCHLEGELSTEINHAUSENBERGERDORFFSCHM', givenName: null }, { line1: 'P<GBRWOLFESCHLEGELSTEINHAUSENBERGERDORFFSCHM' });
    expect(comparePassport(surnameOnly, typed({ surname: 'Wolfeschlegelsteinhausenbergerdorffschmidt', givenName: 'Hubert' })).mismatches).toEqual(['givenName']);
  });

  it('does not cut names short when the field has room left', () => {
    expect(comparePassport(scan(), typed({ givenName: 'Alice Janet' })).mismatches).toEqual(['givenName']);
  });

  it('compares passport numbers without spaces or hyphens, but an O is not a 0', () => {
    expect(comparePassport(scan({ passportNumber: 'L898902C3' }), typed({ passportNumber: 'l898 902-c3' })).status).toBe('match');
    expect(comparePassport(scan({ passportNumber: 'L898902C3' }), typed({ passportNumber: 'L898902C3O' })).mismatches).toEqual(['passportNumber']);
    expect(comparePassport(scan({ passportNumber: '0123' }), typed({ passportNumber: 'O123' })).mismatches).toEqual(['passportNumber']);
  });

  it('skips what the zone leaves unknown (a nationality outside the list, sex X)', () => {
    expect(comparePassport(scan({ nationality: null, gender: null }), typed({ nationality: 'Germany', gender: 'male' })).status).toBe('match');
  });

  it('counts an empty typed field as a mismatch', () => {
    expect(comparePassport(scan(), typed({ passportNumber: null, dateOfBirth: '' })).mismatches).toEqual(['passportNumber', 'dateOfBirth']);
  });
});
