/** Random but well-formed TD3 (passport) MRZ lines, the text the recogniser is trained on. */

export type Random = () => number;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
export const MRZ_ALPHABET = LETTERS + DIGITS + '<';

/** Letters tesseract's eng model confuses on OCR-B (M/H/W/N, O/Q/D/0, I/1, B/8, S/5, Z/2, G/6) come up more often. */
const HARD_LETTERS = 'MWHNOQDIBSZGKLEU';
const STATES = [
  'UTO',
  'NLD',
  'POL',
  'DEU',
  'D<<',
  'GBR',
  'FRA',
  'CZE',
  'HUN',
  'ISL',
  'LTU',
  'LVA',
  'LUX',
  'FIN',
  'HRV',
  'CAN',
  'AUS',
  'TWN',
  'USA',
  'EGY',
  'MOZ',
  'NZL',
  'ZWE',
  'GHA',
  'QAT',
  'OMN',
  'BGD',
  'SWE',
  'NOR',
  'DNK',
  'BEL',
  'ITA',
  'ESP',
  'PRT',
  'GRC',
  'IND',
  'CHN',
  'JPN',
  'KOR',
  'BRA',
  'MEX',
  'ZAF',
];
const SYLLABLES = [
  'MEU',
  'LEN',
  'DIJK',
  'KOW',
  'AL',
  'SKA',
  'WO',
  'HM',
  'NO',
  'QU',
  'BO',
  'ZS',
  'GO',
  'MOH',
  'AMM',
  'ED',
  'WIM',
  'HOW',
  'MON',
  'DOM',
  'ONG',
  'SZE',
  'BIB',
  'ZIG',
  'GIN',
  'MAW',
  'HUW',
  'OWEN',
  'SON',
  'SEN',
  'ERIK',
  'ANNA',
  'MAR',
  'IA',
  'CHIEN',
  'SHENG',
  'LIN',
  'MEI',
  'HUA',
  'VAN',
  'DER',
  'WAL',
  'SCH',
  'MID',
  'T',
  'NIE',
  'WSKI',
  'DZ',
  'OO',
  'II',
  'MM',
  'WW',
  'NN',
  'HH',
  'QO',
  'DO',
  'OD',
  'BB',
  'SS',
  'ZZ',
  'GG',
  'X',
  'Y',
  'J',
  'V',
  'F',
  'P',
  'R',
  'C',
  'U',
  'E',
  'A',
];

const pick = <T>(random: Random, items: readonly T[] | string): T => items[Math.floor(random() * items.length)] as T;
const int = (random: Random, lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

function name(random: Random): string {
  let out = '';
  const parts = int(random, 1, 4);
  for (let i = 0; i < parts; i += 1) out += random() < 0.25 ? pick<string>(random, HARD_LETTERS) : pick(random, SYLLABLES);
  return out;
}

/** ICAO 9303 check digit: weights 7, 3, 1; '<' counts 0, A–Z 10–35. */
export function checkDigit(text: string): string {
  let sum = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    const value = c === '<' ? 0 : c >= 'A' ? c.charCodeAt(0) - 55 : Number(c);
    sum += value * [7, 3, 1][i % 3]!;
  }
  return String(sum % 10);
}

const pad = (text: string, length: number) => text.slice(0, length).padEnd(length, '<');

export function line1(random: Random): string {
  const surname = Array.from({ length: int(random, 1, 2) }, () => name(random)).join('<');
  const given = Array.from({ length: int(random, 0, 3) }, () => name(random)).join('<');
  const kind = random() < 0.85 ? 'P<' : 'P' + pick<string>(random, 'ADOS');
  return pad(`${kind}${pick(random, STATES)}${surname}<<${given}`, 44);
}

/** Document numbers: often digit-heavy with 0/O-like runs (ZS0000177, 00ZB00000), sometimes short and padded. */
function documentNumber(random: Random): string {
  const shapes = [
    () => Array.from({ length: 9 }, () => pick<string>(random, DIGITS)).join(''),
    () => pick<string>(random, LETTERS) + pick<string>(random, LETTERS) + Array.from({ length: 7 }, () => (random() < 0.5 ? '0' : pick<string>(random, DIGITS))).join(''),
    () => '00' + Array.from({ length: 2 }, () => pick<string>(random, 'ZBOSDGQ')).join('') + '0'.repeat(int(random, 2, 5)) + pick<string>(random, DIGITS).repeat(3),
    () => Array.from({ length: 9 }, () => pick<string>(random, random() < 0.5 ? LETTERS : DIGITS)).join(''),
    () => Array.from({ length: int(random, 6, 8) }, () => pick<string>(random, random() < 0.3 ? LETTERS : DIGITS)).join(''),
  ];
  return pad(pick(random, shapes)(), 9);
}

function date(random: Random): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return two(int(random, 0, 99)) + two(int(random, 1, 12)) + two(int(random, 1, 28));
}

function optionalData(random: Random): string {
  const r = random();
  if (r < 0.45) return '<'.repeat(14);
  const length = int(random, 4, 14);
  return pad(Array.from({ length }, () => pick<string>(random, random() < 0.6 ? DIGITS : LETTERS + '<')).join(''), 14);
}

export function line2(random: Random): string {
  const doc = documentNumber(random);
  const birth = date(random);
  const expiry = date(random);
  const optional = optionalData(random);
  const docPart = doc + checkDigit(doc);
  const birthPart = birth + checkDigit(birth);
  const expiryPart = expiry + checkDigit(expiry);
  const optionalPart = optional + (optional === '<'.repeat(14) && random() < 0.5 ? '<' : checkDigit(optional));
  const composite = checkDigit(docPart + birthPart + expiryPart + optionalPart);
  return docPart + pick(random, STATES) + birthPart + pick<string>(random, 'MF<') + expiryPart + optionalPart + composite;
}

/** A line of arbitrary MRZ characters, so the model doesn't lean on TD3's layout alone (TD1/TD2 zones, partial crops). */
export function noiseLine(random: Random): string {
  return Array.from({ length: int(random, 20, 44) }, () => pick<string>(random, MRZ_ALPHABET)).join('');
}

export function randomLine(random: Random): string {
  const r = random();
  return r < 0.42 ? line1(random) : r < 0.88 ? line2(random) : noiseLine(random);
}
