import type Database from 'better-sqlite3';
import { fillPlaceholders, getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/** A drizzle query (`db.select()…`), of which only the SQL text and parameters are used. */
interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/** A compiled query; `values` fill its `sql.placeholder(name)`s. */
export interface CompiledSelect<Row> {
  all(values?: Record<string, unknown>): Row[];
  get(values?: Record<string, unknown>): Row | undefined;
}

/** Decodes `width` raw values from `start` into drizzle's row object for `table`. */
function rowDecoder<T extends SQLiteTable>(table: T): { width: number; decode(values: unknown[], start: number): T['$inferSelect'] } {
  const columns = Object.entries(getTableColumns(table));
  const mappers = columns.map(([, column]) => (value: unknown) => column.mapFromDriverValue(value));
  // The row is written as ONE object literal, generated once per table from its column keys (schema
  // constants, quoted by JSON.stringify; never input): V8 builds a literal of known shape at once,
  // where setting 69 keys one by one on `{}` cost ~4× as much (the applications table's rows are
  // decoded on every signed-in dashboard read). Each column's mapper has its own call site.
  const fields = columns.map(([key], i) => `${JSON.stringify(key)}: v[s + ${i}] === null ? null : m[${i}](v[s + ${i}])`);
  const decode = new Function('m', `return function decode(v, s) { return { ${fields.join(', ')} }; };`)(mappers) as (values: unknown[], start: number) => T['$inferSelect'];
  return { width: columns.length, decode };
}

function compile<Row>(
  sqlite: Database.Database,
  tables: SQLiteTable[],
  query: BuiltQuery,
  assemble: (values: unknown[], decoders: ReturnType<typeof rowDecoder>[]) => Row,
): CompiledSelect<Row> {
  const { sql, params } = query.toSQL();
  const statement = sqlite.prepare<unknown[], unknown[]>(sql).raw(true);
  const selected = statement.columns().map((c) => c.name).join();
  const declared = tables.flatMap((table) => Object.values(getTableColumns(table)).map((column) => column.name)).join();
  if (selected !== declared) {
    throw new Error(`compileSelect: the query must select every column of ${tables.map((t) => getTableName(t)).join(', then ')}, in order`);
  }
  const decoders = tables.map(rowDecoder);
  return {
    all: (values = {}) => statement.all(...fillPlaceholders(params, values)).map((raw) => assemble(raw, decoders)),
    get: (values = {}) => {
      const raw = statement.get(...fillPlaceholders(params, values));
      return raw ? assemble(raw, decoders) : undefined;
    },
  };
}

/**
 * Compiles `query` — drizzle's `db.select().from(table)…`, every column of `table` in declaration
 * order — once, and decodes its rows with the table's own column types, exactly as drizzle would.
 * For wide rows read often: drizzle's generic row mapping (walking each field's path, checking its
 * kind) costs more than SQLite reading the row.
 */
export function compileTableSelect<T extends SQLiteTable>(sqlite: Database.Database, table: T, query: BuiltQuery): CompiledSelect<T['$inferSelect']> {
  return compile(sqlite, [table], query, (raw, [decoder]) => decoder!.decode(raw, 0) as T['$inferSelect']);
}

/**
 * The same for a join selecting every column of each table in turn (`db.select({ a: tableA,
 * b: tableB })…`): rows come back as `{ a: rowOfA, b: rowOfB }`.
 */
export function compileJoinSelect<S extends Record<string, SQLiteTable>>(
  sqlite: Database.Database,
  tables: S,
  query: BuiltQuery,
): CompiledSelect<{ [K in keyof S]: S[K]['$inferSelect'] }> {
  const keys = Object.keys(tables);
  return compile(sqlite, Object.values(tables), query, (raw, decoders) => {
    const row: Record<string, unknown> = {};
    let start = 0;
    for (let i = 0; i < keys.length; i++) {
      row[keys[i]!] = decoders[i]!.decode(raw, start);
      start += decoders[i]!.width;
    }
    return row as { [K in keyof S]: S[K]['$inferSelect'] };
  });
}
