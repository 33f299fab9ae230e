import type Database from 'better-sqlite3';

type Params = unknown[];

/**
 * One user's handle on a shared prepared statement. A statement's `raw` mode (rows as arrays, which
 * Drizzle turns on where it maps columns itself; `pluck`, the first column only) is the statement's own state; each handle keeps its
 * own and sets it on the statement before each read, so no user sees another's mode.
 */
class StatementHandle {
  #raw = false;
  #pluck = false;
  constructor(private readonly statement: Database.Statement) {}
  get source(): string {
    return this.statement.source;
  }
  get reader(): boolean {
    return this.statement.reader;
  }
  get busy(): boolean {
    return this.statement.busy;
  }
  raw(on = true): this {
    this.#raw = on;
    if (on) this.#pluck = false;
    return this;
  }
  pluck(on = true): this {
    this.#pluck = on;
    if (on) this.#raw = false;
    return this;
  }
  columns(): Database.ColumnDefinition[] {
    return this.statement.columns();
  }
  run(...params: Params): Database.RunResult {
    return this.statement.run(...params);
  }
  all(...params: Params): unknown[] {
    return this.reading().all(...params);
  }
  get(...params: Params): unknown {
    return this.reading().get(...params);
  }
  iterate(...params: Params): IterableIterator<unknown> {
    return this.reading().iterate(...params);
  }
  private reading(): Database.Statement {
    // better-sqlite3's modes exclude each other: turning one on turns the others off.
    return this.#pluck ? this.statement.pluck(true) : this.statement.pluck(false).raw(this.#raw);
  }
}

/**
 * Reuses prepared statements: Drizzle prepares every query it runs afresh (`db.prepare(sql)`), and
 * compiling the SQL was about a quarter of the admin list page's cost. The same SQL text gets the
 * statement compiled before (through its own handle, see StatementHandle) unless that one is busy
 * (a list being streamed off it): then a new one. The last `limit` distinct texts are kept (the
 * admin's IN lists make many of them).
 */
export function cacheStatements(sqlite: Database.Database, limit = 500): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    const statement = kept.get(source);
    if (statement && !statement.busy) {
      // Most recently used last: the first key is the one to let go.
      kept.delete(source);
      kept.set(source, statement);
      return new StatementHandle(statement);
    }
    const fresh = prepare(source);
    if (statement) return fresh;
    kept.set(source, fresh);
    if (kept.size > limit) kept.delete(kept.keys().next().value!);
    // Only readers have a mode to keep apart.
    return fresh.reader ? new StatementHandle(fresh) : fresh;
  }) as typeof sqlite.prepare;
}
