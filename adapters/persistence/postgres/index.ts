import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgTable } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { Persistence } from '../persistence.js';
import type { Db, PreparedSelect, SqlDatabase } from '../shared/sql-database.js';
import { derivedConstants, renderDerivedSql } from '../shared/derived-sql/index.js';
import { installPostgresDerivedSql } from '../shared/derived-sql/install.js';
import { createSqlPersistence } from '../shared/sql-persistence.js';
import { runAsync, type Op, type Unit } from '../shared/unit.js';
import { PgBossJobStore } from '../../jobs/pg-boss.js';
import type { QueueName } from '../../../core/domain/jobs.js';
import { accessListener } from './access-listener.js';
import { postgresBackup } from './backup.js';
import { insertRows } from './bulk-insert.js';
import * as schema from './schema.js';
import { describeTarget, postgresUnavailable } from './unavailable.js';

/** The advisory lock key `migrate` holds (any fixed bigint; "evisa-mi" in ASCII). */
const MIGRATION_LOCK_KEY = '7311146989355101545';

export const POSTGRES_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Escapes LIKE wildcards (backslash is the escape character) for a prefix pattern. */
export function likePrefix(term: string): string {
  return `${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** A drizzle select's own preparation (PgSelect#prepare). */
interface Preparable {
  prepare(name?: string): { execute(values?: Record<string, unknown>): Promise<unknown[]> };
}

/** A drizzle select's row-lock clause (PgSelect#for). */
interface Lockable {
  for(strength: 'update', config: { skipLocked: boolean }): unknown;
}

/**
 * PostgreSQL via a pg Pool, running the shared stores (../shared). A unit of work runs in one real
 * transaction on one pooled client; the compare-and-set UPDATE (`WHERE id = ? AND version = ?`) and
 * unique indexes decide races, so concurrent requests (and several server processes) stay correct.
 */
export function createPostgresPersistence(url: string, opts: { max?: number; log?: (line: string) => void } = {}): Persistence {
  const max = opts.max ?? 10;
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor one checked out (a unit of work between its statements) when the server ends the connection
  // (a restart: 57P01, "Connection terminated"): pg emits 'error' on a client no query is waiting
  // on, and the pool listens only while the client is idle. Its queries fail (Unavailable); the pool
  // drops it at release, as it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => {}));
  const pooled = drizzle(pool);
  const db: Db = pooled;
  const jobs = new PgBossJobStore(url, opts.log);

  /**
   * Performs a unit's step on `on` (the pool, or a transaction on `client`); the queues of the jobs
   * it queued are collected in `queued`.
   */
  const perform = async (on: Db, client: pg.PoolClient | null, op: Op, queued: QueueName[]): Promise<unknown> => {
    switch (op.kind) {
      case 'rows':
        return await op.query;
      case 'changes':
        return ((await op.query) as pg.QueryResult).rowCount ?? 0;
      case 'sql':
        return (await on.execute(op.query)).rows;
      case 'insertMany':
        if (!client) throw new Error('Bulk inserts run in a transaction');
        return insertRows(client, op.table as PgTable, op.rows, op.key, op.adding);
      case 'jobs':
        if (!client) throw new Error('Jobs are queued in a transaction');
        queued.push(...op.jobs.map((job) => job.name));
        return jobs.insertWithin(client, op.jobs);
      case 'all': {
        // On the pool the steps run at once; a transaction's one client answers one query at a time.
        if (!client) return Promise.all(op.steps.map((step) => perform(on, client, step.op, queued)));
        const results: unknown[] = [];
        for (const step of op.steps) results.push(await perform(on, client, step.op, queued));
        return results;
      }
    }
  };

  /**
   * One transaction on one pooled client, begun and ended here rather than by drizzle's
   * db.transaction so the unit's bulk inserts (multi-row INSERTs, or COPY) can use the client too.
   */
  async function transaction<T>(unit: (tx: Db) => Unit<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    const queued: QueueName[] = [];
    try {
      await client.query('begin');
      const tx: Db = drizzle(client);
      const result = await runAsync(unit(tx), (op) => perform(tx, client, op, queued));
      await client.query('commit');
      jobs.queued([...new Set(queued)]);
      return result;
    } catch (error) {
      await client.query('rollback').catch((e: Error) => (broken = e));
      throw error;
    } finally {
      // A client whose rollback failed has lost its connection: the pool drops it.
      client.release(broken);
    }
  }

  let closed: Promise<void> | null = null;
  const database: SqlDatabase = {
    dialect: 'postgres',
    db,
    tables: schema,
    jobs,
    transaction,
    read: (unit) => runAsync(unit(db), (op) => perform(db, null, op, [])),
    prepare<Q extends PromiseLike<unknown[]>>(build: () => Q) {
      // Without a name pg sends it as an unnamed statement, exactly as an unprepared query (so it is
      // safe behind a transaction-mode pooler); drizzle builds its SQL once.
      let prepared: ReturnType<Preparable['prepare']> | undefined;
      const execute = (values: Record<string, unknown> = {}) => (prepared ??= (build() as unknown as Preparable).prepare()).execute(values);
      return {
        all: async (values) => execute(values),
        get: async (values) => (await execute(values))[0],
      } as PreparedSelect<Awaited<Q>[number]>;
    },
    prefix(expr: SQL, term: string) {
      // Served by a text_pattern_ops index on the lower(…) expression.
      return sql`${expr} like ${likePrefix(term)}`;
    },
    // With a search term the status is written `(status || '')` (the same value, which no index and no
    // partial-index predicate matches): otherwise PostgreSQL ANDs the whole initial-payment tab's
    // partial index (32k entries at 100k) into the search's BitmapOr of a few thousand, for the cost
    // of ~20 ms, where testing the status on the matched rows costs nothing (as SQLite's `+status`).
    statusTerm: (searching) => (searching ? sql<ApplicationStatus>`(${schema.applications.status} || '')` : sql<ApplicationStatus>`${schema.applications.status}`),
    // Concurrent senders skip the rows another holds instead of waiting for them.
    lockForClaim: (select) => (select as unknown as Lockable).for('update', { skipLocked: true }) as typeof select,
    // date_part answers a double (extract's numeric arithmetic is slower); timestamps have millisecond
    // precision, so a whole number of 6-minute periods divides exactly and floor never rounds a hair up.
    tenthsBetween: (from, to) => sql<number>`floor(date_part('epoch', ${to} - ${from}) / 360)::integer`,
    // Nothing: PostgreSQL keeps its indexes in step with the load fast enough.
    beforeBulkLoad: async () => {},
    async afterBulkLoad() {
      // Statistics for the planner (a fresh load has none: estimates off by 100×) and the visibility
      // map for index-only scans, now rather than at autovacuum's next round. Outside a transaction.
      await pool.query('vacuum (analyze) users, applications, payments, status_history, documents, refunds, portal_ledger, application_search_prefixes');
    },
    async afterRollupCatchUp() {
      // Until autovacuum's next round the new rollups have no statistics, and a year's report
      // planned without them took 4× as long (0.5 s at 1M applications).
      await pool.query('analyze report_days, report_cohort_days, report_turnaround_days, report_dirty_hours');
    },
    unavailable: postgresUnavailable(describeTarget(url)),
    async migrate() {
      // N nodes starting together migrate once: the first takes a session advisory lock and applies
      // the pending migrations; the others wait for the lock, then find nothing left to apply.
      // The lock is held on one client for the whole run, and released (or dropped with the
      // connection) whatever happens.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle(client), { migrationsFolder: POSTGRES_MIGRATIONS_FOLDER });
          // The triggers and functions derived from the code's constants, re-created when they changed (decision 0035).
          await installPostgresDerivedSql(client, renderDerivedSql('postgres', derivedConstants(schema)));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    connections: () => ({ max, inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
  const notify = (channel: string, payload: string) => pool.query('select pg_notify($1, $2)', [channel, payload]);
  return Object.assign(createSqlPersistence(database, accessListener(url, notify)), { backup: postgresBackup(url) });
}
