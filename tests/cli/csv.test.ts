import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../apps/shared/csv.js';
import { parseCsv } from './helpers/csv-parse.js';

describe('CSV cells (RFC 4180 + formula-injection escaping)', () => {
  it('leaves plain text, numbers and booleans alone and writes empty cells for null', () => {
    expect(csvRow(['Jane', 12, true, null, undefined, ''])).toBe('Jane,12,true,,,\r\n');
  });

  it('quotes cells holding a comma, a quote, CR or LF and doubles the quotes', () => {
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('the "Nile" view')).toBe('"the ""Nile"" view"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+441234567890', "'+441234567890"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('prefixes a cell starting with a formula character: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes dates as ISO 8601', () => {
    expect(csvCell(new Date(Date.UTC(2026, 10, 22, 9, 30)))).toBe('2026-11-22T09:30:00.000Z');
  });

  it('round-trips through an RFC 4180 reader', () => {
    const rows = [
      ['id', 'name', 'note'],
      ['1', 'O\'Brien, "Paddy"', 'multi\r\nline'],
      ['2', '', 'plain'],
    ];
    const text = rows.map((r) => csvRow(r)).join('');
    expect(parseCsv(text)).toEqual(rows);
  });
});
