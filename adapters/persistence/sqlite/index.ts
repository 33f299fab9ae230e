import Database from 'better-sqlite3';
import { is, sql, Table, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { fileURLToPath } from 'node:url';
import { errors } from '../../../core/domain/errors.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { ExternalChanges } from '../access-changes.js';
import type { Persistence } from '../persistence.js';
import type { Db, PreparedSelect, PrepareOptions, SqlDatabase, Tables } from '../shared/sql-database.js';
import { derivedConstants, renderDerivedSql } from '../shared/derived-sql/index.js';
import { installSqliteDerivedSql } from '../shared/derived-sql/install.js';
import { createSqlPersistence } from '../shared/sql-persistence.js';
import { runSync, type Op } from '../shared/unit.js';
import { SqliteJobStore } from '../../jobs/sqlite.js';
import type { QueueName } from '../../../core/domain/jobs.js';
import { sqliteBackup } from './backup.js';
import { bulkInserter } from './bulk-insert.js';
import * as schema from './schema.js';
import { compileColumnsSelect, compileJoinSelect, compileTableSelect, type CompiledSelect } from './table-select.js';
import { cacheStatements } from './statement-cache.js';
import { sqliteUnavailable } from './unavailable.js';

export const SQLITE_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Highest code point: `x >= term AND x < term || MAX` is a prefix match SQLite serves from an index. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

/** What a SQLite drizzle query answers synchronously (better-sqlite3 is synchronous). */
interface SyncQuery {
  all(values?: Record<string, unknown>): unknown[];
  get(values?: Record<string, unknown>): unknown;
  run(): { changes: number };
  prepare(): CompiledSelect<unknown>;
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * Other processes' changes (a CLI run, or any other connection to the file): `PRAGMA data_version`
 * changes when any OTHER connection commits a write (this connection's own writes are announced by
 * the stores), so a changed value means that anything may have changed. Reading it is an in-memory
 * check of a few microseconds, done at the start of every signed-in request.
 */
function dataVersionWatch(sqlite: Database.Database): ExternalChanges {
  let statement: Database.Statement<[], number> | null = null;
  let seen: number | null = null;
  let closed = false;
  return {
    sync(announce) {
      if (closed) return false;
      statement ??= sqlite.prepare<[], number>('PRAGMA data_version').pluck();
      const now = statement.get()!;
      if (now !== seen) {
        // The first reading too: nothing can be cached before it.
        if (seen !== null) announce('everything');
        seen = now;
      }
      return true;
    },
    async close() {
      closed = true;
    },
  };
}

/** The tables a bulk load (seed-demo) fills: their secondary indexes are set aside while it runs. */
const BULK_LOADED_TABLES = ['users', 'applications', 'payments', 'status_history', 'documents', 'refunds', 'portal_ledger'];
/** Where the set-aside indexes' definitions wait, so a load that stops early gets them back at the next open. */
const PARKED_INDEXES = '_bulk_load_parked_indexes';
/** The page cache of a bulk load and of the index builds after it (KiB, as cache_size takes it negative). */
const BULK_CACHE_KIB = 256 * 1024;
/**
 * The connection's page cache otherwise (KiB). SQLite's default is 2 MiB, a small part of one index
 * at a million applications: every admin page then reads its index pages from the OS again.
 */
const CACHE_KIB = 64 * 1024;

/**
 * Before a bulk load: drops the loaded tables' secondary indexes (UNIQUE ones stay, they are
 * constraints), keeping their definitions in PARKED_INDEXES in the same transaction. A million rows
 * inserted into 17 indexes of random keys each cost a page read and write per index per row; built
 * after the load, each index is one sort (seed-demo at 1M: see bench/admin.ts, docs/deployment.md).
 */
function parkIndexes(sqlite: Database.Database): void {
  sqlite.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  sqlite
    .transaction(() => {
      sqlite.exec(`create table if not exists "${PARKED_INDEXES}" ("name" text primary key, "sql" text not null)`);
      const found = sqlite
        .prepare<unknown[], { name: string; sql: string }>(
          `select "name", "sql" from sqlite_master where "type" = 'index' and "sql" is not null and "sql" not like 'CREATE UNIQUE %' and "tbl_name" in (${BULK_LOADED_TABLES.map(() => '?').join(', ')})`,
        )
        .all(...BULK_LOADED_TABLES);
      const park = sqlite.prepare(`insert into "${PARKED_INDEXES}" ("name", "sql") values (?, ?)`);
      for (const index of found) {
        park.run(index.name, index.sql);
        sqlite.exec(`drop index "${index.name.replaceAll('"', '""')}"`);
      }
    })
    .immediate();
}

/** Re-creates the parked indexes (after a bulk load, or at the next open if it stopped early). */
function restoreParkedIndexes(sqlite: Database.Database): void {
  const parked = sqlite.prepare(`select 1 from sqlite_master where "type" = 'table' and "name" = ?`).get(PARKED_INDEXES);
  if (!parked) return;
  sqlite.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  try {
    sqlite
      .transaction(() => {
        for (const index of sqlite.prepare<[], { sql: string }>(`select "sql" from "${PARKED_INDEXES}"`).all()) sqlite.exec(index.sql);
        sqlite.exec(`drop table "${PARKED_INDEXES}"`);
      })
      .immediate();
  } finally {
    sqlite.pragma(`cache_size = -${CACHE_KIB}`);
  }
}

/** Runs `build` on first use and keeps its result. */
function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

export interface SqliteOptions {
  /** How long a write waits for another connection's write lock before failing as Unavailable. */
  busyTimeoutMs?: number;
}

/**
 * The embedded default: one SQLite file via better-sqlite3 (WAL, busy_timeout 5000 ms, foreign
 * keys on, synchronous NORMAL, a 64 MiB page cache), running the shared stores (../shared). better-sqlite3 is
 * synchronous, so a unit of work runs as ONE synchronous drizzle transaction callback, each step
 * executed as the unit asks for it (an async callback would not roll back).
 */
export function createSqlitePersistence(file: string, options: SqliteOptions = {}): Persistence {
  let sqlite: Database.Database;
  try {
    sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma(`cache_size = -${CACHE_KIB}`);
  } catch (e) {
    throw errors.unavailable('database', `Cannot open the SQLite database at ${file}: ${(e as Error).message}`);
  }
  cacheStatements(sqlite);
  const drizzleDb = drizzle(sqlite);
  // The shared queries are typed with PostgreSQL's builder and tables; SQLite's answer the same
  // dialect-neutral chains and schema-parity.ts proves the rows identical (see shared/sql-database.ts).
  const db = drizzleDb as unknown as Db;
  const tables = schema as unknown as Tables;

  const insertMany = bulkInserter(sqlite);
  const jobs = new SqliteJobStore(sqlite);

  /** Performs a unit's step; the queues of the jobs it queued are collected in `queued`. */
  const perform = (op: Op, queued: QueueName[]): unknown => {
    switch (op.kind) {
      case 'rows':
        return (op.query as unknown as SyncQuery).all();
      case 'changes':
        return (op.query as unknown as SyncQuery).run().changes;
      case 'sql':
        return drizzleDb.all(op.query);
      case 'insertMany':
        return insertMany(op.table as SQLiteTable, op.rows, op.adding);
      case 'jobs':
        queued.push(...op.jobs.map((job) => job.name));
        return jobs.insert(op.jobs);
      case 'all':
        return op.steps.map((step) => perform(step.op, queued));
    }
  };

  let closed = false;
  const database: SqlDatabase = {
    dialect: 'sqlite',
    db,
    tables,
    jobs,
    async transaction(unit, { lockFirst = false } = {}) {
      const queued: QueueName[] = [];
      const result = drizzleDb.transaction((tx) => runSync(unit(tx as unknown as Db), (op) => perform(op, queued)), { behavior: lockFirst ? 'immediate' : 'deferred' });
      jobs.queued([...new Set(queued)]);
      return result;
    },
    async read(unit) {
      return drizzleDb.transaction((tx) => runSync(unit(tx as unknown as Db), (op) => perform(op, [])));
    },
    prepare<Q extends PromiseLike<unknown[]>>(build: () => Q, { wholeRowsOf, columnsOf }: PrepareOptions = {}) {
      // Hot statements are compiled once; wide rows (applications have 69 columns) are decoded
      // without drizzle's generic row mapping, which cost ~⅔ of a signed-in GET /api/applications.
      const compiled = onFirstUse((): CompiledSelect<unknown> => {
        const query = build() as unknown as SyncQuery;
        if (columnsOf) return compileColumnsSelect(sqlite, columnsOf, query);
        if (!wholeRowsOf) return query.prepare();
        if (is(wholeRowsOf, Table)) return compileTableSelect(sqlite, wholeRowsOf as SQLiteTable, query);
        return compileJoinSelect(sqlite, wholeRowsOf as Record<string, SQLiteTable>, query);
      });
      return {
        all: async (values) => compiled().all(values),
        get: async (values) => compiled().get(values),
      } as PreparedSelect<Awaited<Q>[number]>;
    },
    prefix(expr: SQL, term: string) {
      return sql`(${expr} >= ${term} and ${expr} < ${term + MAX_CHAR})`;
    },
    beforeBulkLoad: async () => parkIndexes(sqlite),
    // The parked indexes are built again. No ANALYZE: the SQLite queries are shaped for its planner
    // without statistics (sqlite_stat1), which a bulk ANALYZE would bring in and change their plans.
    afterBulkLoad: async () => restoreParkedIndexes(sqlite),
    afterRollupCatchUp: async () => {},
    statusTerm(searching) {
      // With a search term the status is written `+status` (the same value, but no index may serve
      // it): otherwise SQLite prefers walking the (status, created_at) index through a whole tab,
      // reading every row to test the search, over the multi-index OR on the search indexes, and a
      // search answers in ~100 ms instead of a few at 100k applications.
      return searching ? sql<ApplicationStatus>`+${schema.applications.status}` : sql<ApplicationStatus>`${schema.applications.status}`;
    },
    lockForClaim: (select) => select,
    // Timestamps are integer milliseconds: integer division rounds a (non-negative) span down.
    tenthsBetween: (from, to) => sql<number>`((${to} - ${from}) / 360000)`,
    unavailable: sqliteUnavailable(file),
    async migrate() {
      // A bulk load that stopped before its end left its indexes parked: they come back first.
      restoreParkedIndexes(sqlite);
      migrate(drizzleDb, { migrationsFolder: SQLITE_MIGRATIONS_FOLDER });
      // The triggers derived from the code's constants, re-created when they changed (decision 0035).
      installSqliteDerivedSql(sqlite, renderDerivedSql('sqlite', derivedConstants(schema as unknown as Tables)));
    },
    async ping() {
      try {
        return sqlite.prepare('select 1 as ok').get() !== undefined;
      } catch {
        return false;
      }
    },
    // One connection, used synchronously: in use only inside a statement or an open transaction.
    connections: () => {
      const inUse = !closed && sqlite.inTransaction ? 1 : 0;
      return { max: 1, inUse, idle: closed ? 0 : 1 - inUse, waiting: 0 };
    },
    async close() {
      if (closed) return;
      closed = true;
      sqlite.close();
    },
  };
  // Backups copy through this very connection: its own writes go into the copy as it is taken.
  return Object.assign(createSqlPersistence(database, dataVersionWatch(sqlite)), { backup: sqliteBackup(sqlite) });
}
