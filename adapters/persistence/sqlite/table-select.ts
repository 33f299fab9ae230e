import type Database from 'better-sqlite3';
import { fillPlaceholders, getTableColumns, getTableName, type Column } from 'drizzle-orm';
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

/** Decodes `width` raw values from `start` into drizzle's row object of `selected` (a table's columns, or some of them). */
function rowDecoder(selected: Record<string, Column>): { width: number; decode(values: unknown[], start: number): Record<string, unknown> } {
  const columns = Object.entries(selected);
  const mappers = columns.map(
    ([, column]) =>
      (value: unknown) =>
        column.mapFromDriverValue(value),
  );
  // The row is written as ONE object literal, generated once per table from its column keys (schema
  // constants, quoted by JSON.stringify; never input): V8 builds a literal of known shape at once,
  // where setting 69 keys one by one on `{}` cost ~4× as much (the applications table's rows are
  // decoded on every signed-in dashboard read). Each column's mapper has its own call site.
  const fields = columns.map(([key], i) => `${JSON.stringify(key)}: v[s + ${i}] === null ? null : m[${i}](v[s + ${i}])`);
  const decode = new Function('m', `return function decode(v, s) { return { ${fields.join(', ')} }; };`)(mappers) as (values: unknown[], start: number) => Record<string, unknown>;
  return { width: columns.length, decode };
}

/** The columns a compiled select returns, in order: each set named (for the error) and decoded on its own. */
interface ColumnSet {
  name: string;
  columns: Record<string, Column>;
}

const tableSet = (table: SQLiteTable): ColumnSet => ({ name: `every column of ${getTableName(table)}`, columns: getTableColumns(table) });

function compile<Row>(sqlite: Database.Database, sets: ColumnSet[], query: BuiltQuery, assemble: (values: unknown[], decoders: ReturnType<typeof rowDecoder>[]) => Row): CompiledSelect<Row> {
  const { sql, params } = query.toSQL();
  const statement = sqlite.prepare<unknown[], unknown[]>(sql).raw(true);
  const selected = statement
    .columns()
    .map((c) => c.name)
    .join();
  const declared = sets.flatMap((set) => Object.values(set.columns).map((column) => column.name)).join();
  if (selected !== declared) {
    throw new Error(`compileSelect: the query must select ${sets.map((set) => set.name).join(', then ')}, in order`);
  }
  const decoders = sets.map((set) => rowDecoder(set.columns));
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
  return compile(sqlite, [tableSet(table)], query, (raw, [decoder]) => decoder!.decode(raw, 0) as T['$inferSelect']);
}

/**
 * The same for a select of some of one table's columns (`db.select(columns).from(table)…`, the
 * columns in the record's order): rows come back as drizzle's `{ key: value }` of those columns.
 */
export function compileColumnsSelect<C extends Record<string, Column>>(
  sqlite: Database.Database,
  columns: C,
  query: BuiltQuery,
): CompiledSelect<{ [K in keyof C]: C[K]['_']['data'] | (C[K]['_']['notNull'] extends true ? never : null) }> {
  type Row = { [K in keyof C]: C[K]['_']['data'] | (C[K]['_']['notNull'] extends true ? never : null) };
  return compile(
    sqlite,
    [
      {
        name: `the columns ${Object.values(columns)
          .map((c) => c.name)
          .join(', ')}`,
        columns,
      },
    ],
    query,
    (raw, [decoder]) => decoder!.decode(raw, 0) as Row,
  );
}

/**
 * The same for a join selecting every column of each table in turn (`db.select({ a: tableA,
 * b: tableB })…`): rows come back as `{ a: rowOfA, b: rowOfB }`.
 */
export function compileJoinSelect<S extends Record<string, SQLiteTable>>(sqlite: Database.Database, tables: S, query: BuiltQuery): CompiledSelect<{ [K in keyof S]: S[K]['$inferSelect'] }> {
  const keys = Object.keys(tables);
  return compile(sqlite, Object.values(tables).map(tableSet), query, (raw, decoders) => {
    const row: Record<string, unknown> = {};
    let start = 0;
    for (let i = 0; i < keys.length; i++) {
      row[keys[i]!] = decoders[i]!.decode(raw, start);
      start += decoders[i]!.width;
    }
    return row as { [K in keyof S]: S[K]['$inferSelect'] };
  });
}
