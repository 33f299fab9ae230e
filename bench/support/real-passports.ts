/**
 * The development set of real specimen passport pages (../shared/real-passports: truth.json and
 * the images beside it), read at run time and never copied into the repository, and how a reading
 * of one is judged: all six fields the form takes from the zone, and the exact MRZ lines.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { passportScanFromMrz, sniffPassportImageType, type MrzReading, type PassportImageType, type PassportScan } from '../../core/domain/passport-scan.js';
import { readTd3 } from '../../adapters/passport/mrz-text.js';

/** The six fields a reading is judged by (nationality is left out: a specimen's state may be fictional). */
export const SCORED_FIELDS = ['surname', 'givenName', 'passportNumber', 'dateOfBirth', 'gender', 'passportExpiry'] as const;
export type ScoredField = (typeof SCORED_FIELDS)[number];

export interface RealPassport {
  file: string;
  kind: string;
  body: Buffer;
  type: PassportImageType;
  mrz: [string, string];
  /** Fields whose truth the page and its zone disagree on: not scored. */
  unscored: ScoredField[];
}

export interface Judgement {
  /** Every scored field read as the true zone gives it. */
  exact: boolean;
  /** Both MRZ lines read character for character. */
  mrzExact: boolean;
  /** The scored fields read differently (every field when nothing was read). */
  differing: ScoredField[];
  /** A field read wrong and the reading answered valid: the failure that must never happen. */
  wrongButValid: boolean;
}

/** The default place of the set: ../shared/real-passports beside the project. */
export const REAL_PASSPORTS_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'real-passports');

export function realPassportsAvailable(dir = REAL_PASSPORTS_DIR): boolean {
  return existsSync(path.join(dir, 'truth.json'));
}

export function loadRealPassports(dir = REAL_PASSPORTS_DIR): RealPassport[] {
  const truth = JSON.parse(readFileSync(path.join(dir, 'truth.json'), 'utf8')) as { file: string; kind: string; mrz: [string, string]; unscored?: Record<string, string> }[];
  return truth.map((entry) => {
    const body = readFileSync(path.join(dir, entry.file));
    const type = sniffPassportImageType(body);
    if (!type) throw new Error(`${entry.file} is not an image the scanner takes`);
    const unscored = Object.keys(entry.unscored ?? {}).filter((f): f is ScoredField => (SCORED_FIELDS as readonly string[]).includes(f));
    return { file: entry.file, kind: entry.kind, body, type, mrz: entry.mrz, unscored };
  });
}

/** The scan the true zone gives, on the same day as the reading. */
function trueScan(page: RealPassport, now: Date): PassportScan {
  const reading: MrzReading | null = readTd3(page.mrz);
  if (!reading) throw new Error(`truth.json's zone of ${page.file} is not a TD3 zone`);
  return passportScanFromMrz(reading, now);
}

/** How a scan (null: refused as unreadable) compares with the page's true zone. */
export function judge(page: RealPassport, scan: PassportScan | null, now = new Date()): Judgement {
  const fields = SCORED_FIELDS.filter((f) => !page.unscored.includes(f));
  if (!scan) return { exact: false, mrzExact: false, differing: [...fields], wrongButValid: false };
  const truth = trueScan(page, now);
  const differing = fields.filter((f) => scan.fields[f] !== truth.fields[f]);
  return {
    exact: differing.length === 0,
    mrzExact: scan.mrz[0] === page.mrz[0] && scan.mrz[1] === page.mrz[1],
    differing,
    wrongButValid: differing.length > 0 && scan.valid,
  };
}
