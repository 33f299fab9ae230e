import { sql } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { ApplicationInsert } from './schema-parity.js';
import type { Db, Tables } from './sql-database.js';
import { changes, type Unit } from './unit.js';

/**
 * The longest search term (in characters) whose matches the database counts per status
 * (application_search_prefixes, migration 0026 / 0022): every prefix of the search keys up to this
 * length is counted (8: a whole month's application numbers, "ev-2611-", and most names). Of the
 * passport number, only prefixes up to PASSPORT_PREFIX_COUNTED: its longer ones are nearly unique,
 * and their few matches are counted off its index. The migrations' triggers use these lengths.
 */
export const SEARCH_PREFIX_COUNTED = 8;
export const PASSPORT_PREFIX_COUNTED = 3;

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
  const keys: [string, number][] = [
    [row.searchEmail ?? '', SEARCH_PREFIX_COUNTED],
    [row.searchName ?? '', SEARCH_PREFIX_COUNTED],
    [asciiLower(row.applicationNumber), SEARCH_PREFIX_COUNTED],
    [asciiLower(row.passportNumber), PASSPORT_PREFIX_COUNTED],
    [row.searchSurname ?? '', SEARCH_PREFIX_COUNTED],
    [row.searchFullName ?? '', SEARCH_PREFIX_COUNTED],
  ];
  const prefixes = new Set<string>();
  for (const [key, longest] of keys) {
    // Characters are code points, as the dialects' substr()/left() count them.
    const chars = /[\uD800-\uDFFF]/.test(key) ? [...key] : key;
    for (let l = 1; l <= Math.min(longest, chars.length); l++) prefixes.add(typeof chars === 'string' ? chars.slice(0, l) : chars.slice(0, l).join(''));
  }
  return prefixes;
}

/** (prefix, status) rows per upsert: 3 parameters each, well under either dialect's limit. */
const ROWS_PER_UPSERT = 500;

/**
 * Counts a bulk load's applications, inside its transaction, while its row in
 * application_search_prefixes_loading keeps the insert trigger out: a batch's distinct
 * (prefix, status) pairs are a few thousand upserts where the trigger would write each
 * application's ~28. Upserted in key order, the order every writer locks them in.
 */
export function* countLoadedPrefixes(tx: Db, t: Tables, loaded: readonly Keyed[]): Unit<void> {
  const counts = new Map<string, { prefix: string; status: ApplicationStatus; n: number }>();
  for (const row of loaded) {
    for (const prefix of searchPrefixesOf(row)) {
      const key = `${prefix}\u0000${row.status}`;
      const found = counts.get(key);
      if (found) found.n++;
      else counts.set(key, { prefix, status: row.status, n: 1 });
    }
  }
  const ordered = [...counts.values()].sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : a.status < b.status ? -1 : a.status > b.status ? 1 : 0));
  const p = t.applicationSearchPrefixes;
  for (let i = 0; i < ordered.length; i += ROWS_PER_UPSERT) {
    yield* changes(
      tx
        .insert(p)
        .values(ordered.slice(i, i + ROWS_PER_UPSERT))
        .onConflictDoUpdate({ target: [p.prefix, p.status], set: { n: sql`${p.n} + excluded.n` } }),
    );
  }
}
