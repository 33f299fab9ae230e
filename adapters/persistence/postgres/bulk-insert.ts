import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 bound parameters (49 columns × 400). */
const ROWS_PER_INSERT = 400;

/**
 * PostgreSQL's bulk insert: multi-row INSERTs of ≤ 400 rows on the transaction's client, their text
 * and parameters written here (drizzle's builder costs twice the CPU for rows this wide). Column
 * names and value conversions are the drizzle schema's own. With `key` (a unique column's property
 * name) the ids come back with RETURNING and are matched by that key, so their order does not
 * depend on the server's. COPY … FROM STDIN, on the same client, is the faster way to come.
 */
export async function insertRows(client: pg.ClientBase, table: PgTable, rows: object[], key?: string): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]);
  const used = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`Column ${k} is not in table ${getTableName(table)}`);
    return column;
  });
  const names = used.map((c) => `"${c.name}"`).join(', ');
  const returning = key === undefined ? '' : ` returning "id", "${columns[key].name}" as "key"`;
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const part = rows.slice(start, start + ROWS_PER_INSERT) as Record<string, unknown>[];
    const params: unknown[] = [];
    const tuples = part.map((row) => {
      const placeholders = keys.map((k, i) => {
        const value = row[k];
        params.push(value === null || value === undefined ? null : used[i].mapToDriverValue(value));
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const result = await client.query<{ id: number; key: unknown }>(`insert into "${getTableName(table)}" (${names}) values ${tuples.join(', ')}${returning}`, params);
    if (key === undefined) continue;
    const idOf = new Map(result.rows.map((r) => [String(r.key), Number(r.id)]));
    for (const row of part) ids.push(idOf.get(String(row[key]))!);
  }
  return ids;
}
