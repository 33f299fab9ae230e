import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { ApplicationInsert } from './schema-parity.js';
import type { Tables } from './sql-database.js';
import { addMany, type Unit } from './unit.js';

/**
 * The longest search term (in characters) whose matches the database counts per status
 * (application_search_prefixes): every prefix of the search keys up to this length is counted (8: a
 * whole month's application numbers, "ev-2611-", and most names). Of the passport number, only
 * prefixes up to PASSPORT_PREFIX_COUNTED: its longer ones are nearly unique, and their few matches
 * are counted off its index. The triggers that keep the counts are rendered from SEARCH_PREFIX_KEYS
 * (shared/derived-sql).
 */
export const SEARCH_PREFIX_COUNTED = 8;
export const PASSPORT_PREFIX_COUNTED = 3;

/**
 * The search keys whose prefixes are counted (admin-filter.ts searchConditions), in the order the
 * triggers read them: the column (drizzle's name), the name of the PostgreSQL function's argument,
 * whether it is lower-cased (application and passport numbers are stored as typed, the other keys
 * folded), and the longest prefix counted.
 */
export const SEARCH_PREFIX_KEYS = [
  { key: 'searchEmail', arg: 'email', lower: false, longest: SEARCH_PREFIX_COUNTED },
  { key: 'searchName', arg: 'name', lower: false, longest: SEARCH_PREFIX_COUNTED },
  { key: 'applicationNumber', arg: 'number', lower: true, longest: SEARCH_PREFIX_COUNTED },
  { key: 'passportNumber', arg: 'passport', lower: true, longest: PASSPORT_PREFIX_COUNTED },
  { key: 'searchSurname', arg: 'surname', lower: false, longest: SEARCH_PREFIX_COUNTED },
  { key: 'searchFullName', arg: 'full_name', lower: false, longest: SEARCH_PREFIX_COUNTED },
] as const satisfies readonly { key: keyof ApplicationInsert; arg: string; lower: boolean; longest: number }[];

export type SearchPrefixKey = (typeof SEARCH_PREFIX_KEYS)[number];

type Keyed = Pick<ApplicationInsert, 'searchEmail' | 'searchName' | 'applicationNumber' | 'passportNumber' | 'searchSurname' | 'searchFullName'> & { status: ApplicationStatus };

/**
 * Lower-cases an application or passport number as the dialect's lower() does. They agree on ASCII
 * only (SQLite's lower() leaves other letters alone), so a number outside ASCII is refused.
 */
function asciiLower(s: string): string {
  if (/[^\x00-\x7f]/.test(s)) throw new Error(`A bulk-loaded application or passport number must be ASCII: ${JSON.stringify(s)}`);
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** A bulk-loaded application's counted prefixes, as the triggers compute them: distinct, of each key, non-empty. */
export function searchPrefixesOf(row: Keyed): Set<string> {
  const keys = SEARCH_PREFIX_KEYS.map(({ key, lower, longest }): [string, number] => [lower ? asciiLower(row[key] ?? '') : (row[key] ?? ''), longest]);
  const prefixes = new Set<string>();
  for (const [key, longest] of keys) {
    // Characters are code points, as the dialects' substr()/left() count them.
    const chars = /[\uD800-\uDFFF]/.test(key) ? [...key] : key;
    for (let l = 1; l <= Math.min(longest, chars.length); l++) prefixes.add(typeof chars === 'string' ? chars.slice(0, l) : chars.slice(0, l).join(''));
  }
  return prefixes;
}

/**
 * Counts a bulk load's applications, inside its transaction, while its row in
 * application_search_prefixes_loading keeps the insert trigger out: a batch's distinct
 * (prefix, status) pairs are ~8 counter writes an application, where the trigger computes and
 * writes ~28 (on SQLite one by one; on PostgreSQL, per statement, ~0.4 ms an application).
 */
export function* countLoadedPrefixes(t: Tables, loaded: readonly Keyed[]): Unit<void> {
  const byStatus = new Map<ApplicationStatus, Map<string, number>>();
  for (const row of loaded) {
    let counts = byStatus.get(row.status);
    if (!counts) byStatus.set(row.status, (counts = new Map()));
    for (const prefix of searchPrefixesOf(row)) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  const rows = [...byStatus].flatMap(([status, counts]) => [...counts].map(([prefix, n]) => ({ prefix, status, n })));
  yield* addMany(t.applicationSearchPrefixes, rows, { on: ['prefix', 'status'], add: 'n' });
}
