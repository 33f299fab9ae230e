/**
 * RFC 4180 CSV with spreadsheet formula-injection escaping.
 *
 * - Records end with CRLF; a field containing a comma, a double quote, CR or LF is enclosed in
 *   double quotes and its quotes are doubled.
 * - A text cell starting with =, +, -, @, a tab or a carriage return would be run as a formula by
 *   Excel, LibreOffice or Google Sheets: it gets a leading apostrophe (OWASP "CSV injection").
 */
export type CsvValue = string | number | boolean | Date | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  else text = value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  if (NEEDS_QUOTES.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvRow(values: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ',';
    line += csvCell(values[i]);
  }
  return `${line}\r\n`;
}
