import type { ConnectionStats } from '../persistence.js';
import type { Column, SQL, Table } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { DomainError } from '../../../core/domain/errors.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type * as schema from '../postgres/schema.js';
import type { JobStore } from '../../jobs/job-store.js';
import type { Unit } from './unit.js';

/**
 * The tables the shared queries are written against, typed once with the PostgreSQL schema's types.
 * At run time they are the dialect's own tables; schema-parity.ts proves both dialects' rows
 * identical, so the types hold for SQLite too.
 */
export type Tables = typeof schema;

/**
 * What shared queries are built with: drizzle's query builder, typed as PostgreSQL's (whose
 * queries are awaited). SQLite's builder answers the same dialect-neutral chain (`select().from()
 * .where(eq(…))`, `insert().values().returning()`, …) and is awaitable too. Shared code never calls
 * a dialect's own methods (SQLite's `.all()`/`.get()`/`.run()`, PostgreSQL's `.for()`/`execute()`):
 * statements inside units go through their steps, dialect-only pieces through the hooks below.
 */
export type Db = PgDatabase<NodePgQueryResultHKT>;

/** What a prepared select returns, when it is wide rows a dialect may decode itself (SqlDatabase.prepare). */
export interface PrepareOptions {
  wholeRowsOf?: Table | Record<string, Table>;
  columnsOf?: Record<string, Column>;
}

/** A select built once (with `sql.placeholder(name)`s) and run many times. */
export interface PreparedSelect<Row> {
  all(values?: Record<string, unknown>): Promise<Row[]>;
  get(values?: Record<string, unknown>): Promise<Row | undefined>;
}

/**
 * One SQL database, as the shared stores need it: a runner for units of work and single
 * statements, plus the few pieces whose best SQL depends on the dialect's planner or locking.
 */
export interface SqlDatabase {
  readonly dialect: 'sqlite' | 'postgres';
  readonly db: Db;
  readonly tables: Tables;
  /** Where the database keeps its background jobs (units queue them with `queueJobs`). */
  readonly jobs: JobStore;

  /**
   * Runs `unit` in one transaction: all of its writes or none. `lockFirst` takes the write lock
   * before the first read where the dialect locks the whole database (SQLite's BEGIN IMMEDIATE);
   * PostgreSQL units lock the rows they claim (`lockForClaim`).
   */
  transaction<T>(unit: (tx: Db) => Unit<T>, options?: { lockFirst?: boolean }): Promise<T>;
  /**
   * Runs a unit that only reads. SQLite runs it in one deferred transaction (one snapshot, one
   * lock for all its statements); PostgreSQL on the pool, `all()` steps at once.
   */
  read<T>(unit: (db: Db) => Unit<T>): Promise<T>;
  /**
   * Prepares a hot select once, on first use (the tables exist only after migrate()).
   * `wholeRowsOf` names the table(s) whose every column the select returns, in order, and `columnsOf`
   * the columns of one table a `db.select(columns)` returns (some of them, in the record's order): a
   * dialect may decode such wide rows itself (SQLite does, drizzle's generic row mapping costing
   * more than reading the row).
   */
  prepare<Q extends PromiseLike<unknown[]>>(build: () => Q, options?: PrepareOptions): PreparedSelect<Awaited<Q>[number]>;

  /** A case-insensitive PREFIX match of `expr` (an indexed lower(…) expression) against `term`. */
  prefix(expr: SQL, term: string): SQL;
  /** The status column as an admin filter or grouping term (`searching`: a search term is set). */
  statusTerm(searching: boolean): SQL<ApplicationStatus>;
  /** The whole tenths of an hour from one timestamp to a later one, rounded down (a turnaround: core/domain/reports.ts). */
  tenthsBetween(from: SQL, to: SQL): SQL<number>;
  /** Locks the rows a claim selects so concurrent claimers skip them, where the dialect locks rows. */
  lockForClaim<Q>(select: Q): Q;

  /** Before a bulk load's first write: what makes the dialect's loading fast (see BulkLoader). */
  beforeBulkLoad(): Promise<void>;
  /** After a bulk load: what the dialect's planner needs to know of the new rows (see BulkLoader.finish). */
  afterBulkLoad(): Promise<void>;
  /** After a report-rollups run that caught up many days (ROLLUP_CATCH_UP_DAYS): the same, for the rollup tables. */
  afterRollupCatchUp(): Promise<void>;

  /** The domain's Unavailable for an infrastructure failure (busy, unreachable, disk…), else null. */
  unavailable(error: unknown): DomainError | null;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** This process's connections now (Persistence.connections). */
  connections(): ConnectionStats;
  close(): Promise<void>;
}
