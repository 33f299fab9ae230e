import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Adding } from '../shared/unit.js';

/** Rows per INSERT: the statement has one array parameter per column, whatever the row count. */
const ROWS_PER_INSERT = 5000;

/**
 * PostgreSQL's bulk insert: `INSERT … SELECT * FROM unnest($1::type[], $2::type[], …)` on the
 * transaction's client, one array parameter per column, so a batch of thousands of rows is one short
 * statement with as many parameters as the table has columns (a multi-row VALUES list of 400 rows
 * × 49 columns cost PostgreSQL most of its time in parsing and binding 19,600 parameters). Column
 * names, types and value conversions are the drizzle schema's own. With `key` (a unique column's
 * property name) the ids come back with RETURNING and are matched by that key, so their order does
 * not depend on the server's. (COPY would be faster still but needs a driver add-on, pg-copy-streams.)
 * With `adding` (counters), the rows go in `on` order and a conflict on those columns adds `add`.
 */
export async function insertRows(client: pg.ClientBase, table: PgTable, rows: object[], key?: string, adding?: Adding): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]);
  const used = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`Column ${k} is not in table ${getTableName(table)}`);
    return column;
  });
  const names = used.map((c) => `"${c.name}"`).join(', ');
  const casts = used.map((c, i) => `$${i + 1}::${c.getSQLType()}[]`).join(', ');
  const returning = key === undefined ? '' : ` returning "id", "${columns[key].name}" as "key"`;
  const name = getTableName(table);
  const upsert = adding
    ? ` order by ${adding.on.map((k) => `"${columns[k].name}"`).join(', ')} on conflict (${adding.on.map((k) => `"${columns[k].name}"`).join(', ')}) do update set "${columns[adding.add].name}" = "${name}"."${columns[adding.add].name}" + excluded."${columns[adding.add].name}"`
    : '';
  const text = `insert into "${name}" (${names}) select * from unnest(${casts}) as r(${names})${upsert}${returning}`;
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const part = rows.slice(start, start + ROWS_PER_INSERT) as Record<string, unknown>[];
    const arrays = keys.map((k, i) =>
      part.map((row) => {
        const value = row[k];
        return value === null || value === undefined ? null : used[i].mapToDriverValue(value);
      }),
    );
    const result = await client.query<{ id: number; key: unknown }>(text, arrays);
    if (key === undefined) continue;
    const idOf = new Map(result.rows.map((r) => [String(r.key), Number(r.id)]));
    for (const row of part) ids.push(idOf.get(String(row[key]))!);
  }
  return ids;
}
