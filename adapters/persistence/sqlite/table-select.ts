import type Database from 'better-sqlite3';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/** A compiled query of whole rows of one table; parameters bind to its `?`s in order. */
export interface TableSelect<Row> {
  all(...params: unknown[]): Row[];
  get(...params: unknown[]): Row | undefined;
}

/** Decodes a raw row (its values in the table's column order) into drizzle's row object. */
function rowDecoder<T extends SQLiteTable>(table: T): (values: unknown[]) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const [key, column] = columns[i]!;
      const value = values[i];
      row[key] = value === null ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}

/**
 * Compiles `query` — drizzle's `db.select().from(table)…`, every column of `table` in declaration
 * order — once, and decodes its rows with the table's own column types, exactly as drizzle would.
 * For wide rows read on every request: drizzle's generic row mapping (walking each field's path,
 * checking its kind) costs more than SQLite reading the row.
 */
export function compileTableSelect<T extends SQLiteTable>(
  sqlite: Database.Database,
  table: T,
  query: { toSQL(): { sql: string } },
): TableSelect<T['$inferSelect']> {
  const statement = sqlite.prepare<unknown[], unknown[]>(query.toSQL().sql).raw(true);
  const selected = statement.columns().map((c) => c.name).join();
  const declared = Object.values(getTableColumns(table)).map((column) => column.name).join();
  if (selected !== declared) {
    throw new Error(`compileTableSelect: the query must select every column of ${getTableName(table)}, in order`);
  }
  const decode = rowDecoder(table);
  return {
    all: (...params) => statement.all(...params).map(decode),
    get: (...params) => {
      const values = statement.get(...params);
      return values ? decode(values) : undefined;
    },
  };
}
