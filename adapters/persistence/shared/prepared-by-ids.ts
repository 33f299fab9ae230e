import { sql, type Placeholder } from 'drizzle-orm';
import type { PrepareOptions, SqlDatabase } from './sql-database.js';

/** The longest id list one statement takes; a longer list is read in lists of this length. */
export const MAX_IDS_PER_STATEMENT = 64;

/** The list lengths a statement is prepared for: 1, 2, 4, … MAX_IDS_PER_STATEMENT. */
function bucketOf(count: number): number {
  let bucket = 1;
  while (bucket < count) bucket *= 2;
  return bucket;
}

/**
 * A hot select over a list of ids (`… where x in (…)`, a batch of applications' timelines, mails…),
 * built and prepared once per list length rather than on every call: `build` gets as many
 * placeholders as the statement takes ids (named `id0`, `id1`, …; any other `sql.placeholder(name)`
 * is filled from the call's `values`). Lengths are rounded up to a power of two (the list
 * padded with its last id, which an IN list does not count twice), so at most seven statements
 * exist per query, and a list longer than MAX_IDS_PER_STATEMENT is read in several. Written once
 * for both dialects: an IN list of placeholders is plain SQL on both (a single array parameter
 * would not be: `= any($1)` on PostgreSQL, `in (select value from json_each(?))` on SQLite).
 *
 * The rows of duplicate ids are answered once; their order is the statement's, per list.
 */
export function preparedByIds<Row>(
  database: SqlDatabase,
  build: (ids: Placeholder[]) => PromiseLike<Row[]>,
  options: PrepareOptions = {},
): (ids: readonly number[], values?: Record<string, unknown>) => Promise<Row[]> {
  const statements = new Map<number, ReturnType<SqlDatabase['prepare']>>();
  const statementFor = (bucket: number) => {
    let statement = statements.get(bucket);
    if (!statement) {
      const placeholders = Array.from({ length: bucket }, (_, i) => sql.placeholder(`id${i}`));
      statement = database.prepare(() => build(placeholders) as PromiseLike<unknown[]>, options);
      statements.set(bucket, statement);
    }
    return statement;
  };
  const read = (ids: readonly number[], values: Record<string, unknown>): Promise<Row[]> => {
    const bucket = bucketOf(ids.length);
    const filled: Record<string, unknown> = { ...values };
    for (let i = 0; i < bucket; i++) filled[`id${i}`] = ids[Math.min(i, ids.length - 1)]!;
    return statementFor(bucket).all(filled) as Promise<Row[]>;
  };
  return async (ids, values = {}) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    if (unique.length <= MAX_IDS_PER_STATEMENT) return read(unique, values);
    const lists: Promise<Row[]>[] = [];
    for (let start = 0; start < unique.length; start += MAX_IDS_PER_STATEMENT) lists.push(read(unique.slice(start, start + MAX_IDS_PER_STATEMENT), values));
    return (await Promise.all(lists)).flat();
  };
}
