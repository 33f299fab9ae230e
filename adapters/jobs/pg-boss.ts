import pg from 'pg';
import PgBoss from 'pg-boss';
import type { JobRequest, QueueName } from '../../core/domain/jobs.js';
import { QUEUE_NAMES, QUEUES } from '../../core/domain/jobs.js';
import { errorLine, queuedListeners, queueNamesOf, type ClaimedJob, type JobStore, type QueueStats, type ScheduleEntry } from './job-store.js';

/** The advisory lock key held while a process creates pg-boss's queues ("evisa-jb" in ASCII). */
const INSTALL_LOCK_KEY = '7311146989355100770';
/** pg-boss's schema in the agency's database. */
const SCHEMA = 'pgboss';

/** How often one node runs pg-boss's maintenance, which takes back jobs held past their expiry. */
const MAINTENANCE_SECONDS = 10;

/** A pg client (or pool) as pg-boss's `db` option wants it. */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The jobs on PostgreSQL, in pg-boss's own schema of the agency's database (pg-boss 10). pg-boss
 * hands each due job to one worker (`FOR UPDATE SKIP LOCKED`), retries failed ones with the
 * queue's delay and backoff, takes back jobs held past their expiry (its maintenance, which one
 * node runs every 10 s), turns each cron tick into one job across all nodes, and archives finished
 * jobs. Each queue is `stately`: one waiting and one running job per key at most.
 * Jobs are queued inside the agency's own transactions (`insertWithin`, pg-boss's `db` option), so
 * a mail or a passport check is queued exactly when its row is committed.
 */
export class PgBossJobStore implements JobStore {
  private readonly boss: PgBoss;
  private readonly listeners = queuedListeners();
  private started: Promise<unknown> | null = null;
  private queuesChecked: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    log: (line: string) => void = (line) => console.error(line),
    /** How often each node looks for due cron ticks (default 30 s; tests shorten it). */
    cronCheckSeconds?: number,
  ) {
    this.boss = new PgBoss({
      ...(cronCheckSeconds ? { cronMonitorIntervalSeconds: cronCheckSeconds, cronWorkerIntervalSeconds: cronCheckSeconds } : {}),
      connectionString: url,
      schema: SCHEMA,
      max: 4,
      application_name: 'evisa-jobs',
      supervise: true,
      schedule: true,
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
      // Failed jobs stay in the job table (visible to `evisa jobs`) for a month; finished ones a day.
      archiveCompletedAfterSeconds: 24 * 60 * 60,
      archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (error) => log(`[jobs] pg-boss: ${errorLine(error)}`));
  }

  /** Starts pg-boss once, on first use (it opens its pool, checks its schema and keeps its timers). */
  private ready(): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The job store is closed.'));
    this.started ??= this.boss.start().catch((error: unknown) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  /**
   * Creates pg-boss's schema and the agency's queues, or brings their policies up to date. Nodes
   * starting together do it one after the other (pg-boss 10 deadlocks when two processes create
   * the same queue's partition at once): a session advisory lock on a connection of our own,
   * released (or dropped with the connection) whatever happens. Answers whether the agency's queues
   * were new (a database upgraded from the version before the job engine, whose pg-boss held only
   * the scheduled queues, or a new one).
   */
  async install(): Promise<boolean> {
    const lock = new pg.Client({ connectionString: this.url, application_name: 'evisa-jobs-install' });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [INSTALL_LOCK_KEY]);
      await this.ready();
      const fresh = !(await this.boss.getQueue('deliver-mail'));
      for (const name of QUEUE_NAMES) {
        const policy = QUEUES[name];
        const options = { name, policy: 'stately' as const, retryLimit: policy.retryLimit, retryDelay: policy.retryDelaySeconds, retryBackoff: policy.backoff, expireInSeconds: policy.expireSeconds };
        if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
        else await this.boss.createQueue(name, options);
      }
      return fresh;
    } finally {
      await lock.end().catch(() => undefined);
    }
  }

  /**
   * Queues jobs on `client`, inside the transaction it has open (an agency unit of work). pg-boss
   * drops a job for a queue that does not exist without a word: the queues are checked first (once
   * per process), and a database whose queues were never created refuses the whole unit.
   */
  async insertWithin(client: SqlClient, jobs: readonly JobRequest[]): Promise<void> {
    if (jobs.length === 0) return;
    this.queuesChecked ??= queuesInstalled(client).catch((error: unknown) => {
      this.queuesChecked = null;
      throw error;
    });
    await this.queuesChecked;
    await this.boss.insert(jobs.map(toInsert), { db: { executeSql: (text, values) => client.query(text, values) } });
  }

  async send(jobs: JobRequest[]): Promise<void> {
    await this.ready();
    await this.boss.insert(jobs.map(toInsert));
    this.queued(queueNamesOf(jobs));
  }

  async fetch(name: QueueName, limit: number): Promise<ClaimedJob[]> {
    await this.ready();
    const jobs = await this.boss.fetch<ClaimedJob['input']>(name, { batchSize: Math.max(1, limit), includeMetadata: true });
    return jobs.map((job) => ({ id: job.id, name, input: job.data, retryCount: job.retryCount }) as ClaimedJob);
  }

  async complete(jobs: readonly ClaimedJob[]): Promise<void> {
    const [first] = jobs;
    if (!first) return;
    // One queue per batch (the runner's loops each work one queue).
    await this.boss.complete(
      first.name,
      jobs.map((job) => job.id),
    );
  }

  async fail(job: ClaimedJob, error: string): Promise<void> {
    await this.boss.fail(job.name, job.id, { message: error });
  }

  async schedule(schedules: readonly ScheduleEntry[]): Promise<void> {
    await this.ready();
    // Stored in the database: the last node to start wins, so give every node the same schedules.
    for (const { name, cron, timezone } of schedules) {
      if (cron) await this.boss.schedule(name, cron, {}, { tz: timezone ?? 'UTC' });
      else await this.boss.unschedule(name);
    }
  }

  async stats(): Promise<QueueStats[]> {
    await this.ready();
    const db = this.boss.getDb();
    const { rows: counts } = await db.executeSql(`select name, state, count(*)::int as n from ${SCHEMA}.job where name = any($1) group by name, state`, [QUEUE_NAMES]);
    // The latest failure of each queue: a job waiting for its retry, or failed for good.
    const { rows: errors } = await db.executeSql(
      // pg-boss writes its own failures (a job held past its expiry) as { value: { message } }.
      `select distinct on (name) name, coalesce(output->>'message', output#>>'{value,message}') as message, coalesce(completed_on, started_on, created_on) as at
         from ${SCHEMA}.job where name = any($1) and state <> 'completed' and output is not null
         order by name, coalesce(completed_on, started_on, created_on) desc`,
      [QUEUE_NAMES],
    );
    // The job waiting longest for a worker: pg-boss's own fetch order (start_after) on its waiting jobs.
    const { rows: oldest } = await db.executeSql(
      `select name, min(start_after) as at from ${SCHEMA}.job where name = any($1) and state in ('created', 'retry') and start_after <= now() group by name`,
      [QUEUE_NAMES],
    );
    const count = (name: QueueName, ...states: string[]) =>
      (counts as { name: string; state: string; n: number }[]).filter((c) => c.name === name && states.includes(c.state)).reduce((sum, c) => sum + c.n, 0);
    return QUEUE_NAMES.map((name) => {
      const error = (errors as { name: string; message: string; at: Date }[]).find((e) => e.name === name);
      const due = (oldest as { name: string; at: Date }[]).find((o) => o.name === name);
      return {
        name,
        queued: count(name, 'created', 'retry'),
        active: count(name, 'active'),
        failed: count(name, 'failed'),
        lastError: error ? { at: new Date(error.at), message: error.message } : null,
        oldestDueAt: due ? new Date(due.at) : null,
      };
    });
  }

  async retryFailed(name: QueueName): Promise<number> {
    await this.ready();
    // A failed job whose key already has a waiting one is deleted instead: that one does the work.
    const { rows } = await this.boss.getDb().executeSql(
      `select f.id, exists (select 1 from ${SCHEMA}.job w where w.name = f.name and w.singleton_key = f.singleton_key and w.state in ('created', 'retry')) as waiting
         from ${SCHEMA}.job f where f.name = $1 and f.state = 'failed'`,
      [name],
    );
    const failed = rows as { id: string; waiting: boolean }[];
    const retried = failed.filter((r) => !r.waiting).map((r) => r.id);
    const folded = failed.filter((r) => r.waiting).map((r) => r.id);
    if (folded.length > 0) await this.boss.deleteJob(name, folded);
    if (retried.length > 0) {
      await this.boss.retry(name, retried);
      this.queued([name]);
    }
    return failed.length;
  }

  onQueued(listener: (names: readonly QueueName[]) => void): () => void {
    return this.listeners.add(listener);
  }

  queued(names: readonly QueueName[]): void {
    this.listeners.tell(names);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // The runner has stopped working jobs: nothing of ours runs in pg-boss's own workers.
    if (this.started) await this.boss.stop({ graceful: false, wait: true, timeout: 1000 }).catch(() => undefined);
  }
}

/** Throws, naming the fix, unless every queue of the agency exists in pg-boss's schema. */
async function queuesInstalled(client: SqlClient): Promise<void> {
  const { rows } = await client.query(`select count(*)::int as n from pg_catalog.pg_class c join pg_catalog.pg_namespace s on s.oid = c.relnamespace where s.nspname = $1 and c.relname = 'queue'`, [
    SCHEMA,
  ]);
  const installed = (rows[0] as { n: number }).n > 0 ? ((await client.query(`select count(*)::int as n from ${SCHEMA}.queue where name = any($1)`, [QUEUE_NAMES])).rows[0] as { n: number }).n : 0;
  if (installed < QUEUE_NAMES.length) throw new Error('The job queues are missing from the database: run `evisa migrate` first.');
}

function toInsert(job: JobRequest): PgBoss.JobInsert {
  return { name: job.name, data: job.input, ...(job.key ? { singletonKey: job.key } : {}) };
}
