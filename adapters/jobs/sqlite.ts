import type Database from 'better-sqlite3';
import type { JobRequest, QueueName } from '../../core/domain/jobs.js';
import { QUEUE_NAMES, QUEUES } from '../../core/domain/jobs.js';
import { cronTicks } from './cron-ticks.js';
import { afterFailure, EXPIRED_MESSAGE, holdMs } from './job-rules.js';
import { queuedListeners, queueNamesOf, type ClaimedJob, type JobStore, type QueueStats, type ScheduleEntry } from './job-store.js';

interface JobRow {
  id: number;
  name: QueueName;
  input: string;
  key: string | null;
  retry_count: number;
  retry_limit: number;
}

const WAITING = `state in ('created', 'retry')`;

/**
 * The jobs of the embedded default, in the `jobs` table of the SQLite file (created by the SQLite
 * migrations): every process on the file — the server and any CLI run — takes jobs from it, each
 * claim in one write transaction (BEGIN IMMEDIATE), so no job is handed to two workers. Completed
 * jobs are deleted; failed ones stay until retried.
 */
export class SqliteJobStore implements JobStore {
  private readonly listeners = queuedListeners();
  private readonly ticks = cronTicks(
    (name, tick) => this.send([{ name, input: {}, key: `${name}@${tick.toISOString()}` } as JobRequest]),
    () => undefined,
  );
  private statements: ReturnType<SqliteJobStore['prepare']> | null = null;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** Statements are prepared on first use: the table exists only once the migrations ran. */
  private get sql() {
    return (this.statements ??= this.prepare());
  }

  private prepare() {
    const db = this.sqlite;
    return {
      insert: db.prepare(
        `insert into jobs (name, input, key, state, retry_count, retry_limit, start_after, created_at)
         values (?, ?, ?, 'created', 0, ?, ?, ?) on conflict do nothing`,
      ),
      anyDue: db.prepare(`select 1 from jobs where name = ? and ((${WAITING} and start_after <= ?) or (state = 'active' and expire_at <= ?)) limit 1`),
      expired: db.prepare(`select id, name, input, key, retry_count, retry_limit, expire_at from jobs where name = ? and state = 'active' and expire_at <= ?`),
      due: db.prepare(
        `select id, name, input, key, retry_count, retry_limit from jobs
         where name = ? and ${WAITING} and start_after <= ?
           and (key is null or key not in (select key from jobs where name = ? and state = 'active' and key is not null))
         order by start_after, id limit ?`,
      ),
      activate: db.prepare(`update jobs set state = 'active', expire_at = ? where id = ?`),
      complete: db.prepare(`delete from jobs where id = ? and state = 'active' and expire_at = ?`),
      active: db.prepare(`select id, name, input, key, retry_count, retry_limit from jobs where id = ? and state = 'active' and expire_at = ?`),
      waitingWithKey: db.prepare(`select id from jobs where name = ? and key = ? and ${WAITING} and id <> ?`),
      noteError: db.prepare(`update jobs set last_error = ?, last_error_at = ? where id = ?`),
      delete: db.prepare(`delete from jobs where id = ?`),
      retry: db.prepare(`update jobs set state = 'retry', retry_count = ?, start_after = ?, expire_at = null, last_error = ?, last_error_at = ? where id = ?`),
      failed: db.prepare(`update jobs set state = 'failed', expire_at = null, last_error = ?, last_error_at = ? where id = ?`),
      counts: db.prepare(`select name, state, count(*) as n from jobs group by name, state`),
      lastErrors: db.prepare(`select name, last_error, max(last_error_at) as at from jobs where last_error_at is not null group by name`),
      // Served by jobs_due_idx (name, start_after) on the waiting jobs.
      oldestDue: db.prepare(`select name, min(start_after) as at from jobs where ${WAITING} and start_after <= ? group by name`),
      failedOf: db.prepare(`select id, key, retry_count from jobs where name = ? and state = 'failed'`),
      requeue: db.prepare(`update jobs set state = 'retry', retry_count = retry_count + 1, retry_limit = retry_count + 1, start_after = ? where id = ?`),
    };
  }

  /** The `jobs` table comes with the SQLite migrations (which queue the work waiting from before). */
  async install(): Promise<boolean> {
    return false;
  }

  /** Queues jobs inside the caller's open transaction (a SQLite unit of work), synchronously. */
  insert(jobs: readonly JobRequest[]): void {
    const now = this.now();
    for (const job of jobs) this.sql.insert.run(job.name, JSON.stringify(job.input), job.key ?? null, QUEUES[job.name].retryLimit, now, now);
  }

  async send(jobs: JobRequest[]): Promise<void> {
    this.sqlite.transaction(() => this.insert(jobs)).immediate();
    this.queued(queueNamesOf(jobs));
  }

  async fetch(name: QueueName, limit: number): Promise<ClaimedJob[]> {
    // An idle poll only reads: the write lock (which a CLI run may hold) is taken when there is work.
    const now = this.now();
    if (!this.sql.anyDue.get(name, now, now)) return [];
    return this.sqlite
      .transaction(() => {
        const now = this.now();
        // Its retry is counted from the moment the hold ended, as if noticed then.
        for (const row of this.sql.expired.all(name, now) as (JobRow & { expire_at: number })[]) this.failAttempt(row, EXPIRED_MESSAGE(name), row.expire_at);
        const due = this.sql.due.all(name, now, name, Math.max(1, limit)) as JobRow[];
        const keys = new Set<string>();
        const claimed: ClaimedJob[] = [];
        for (const row of due) {
          if (row.key !== null && keys.has(row.key)) continue;
          if (row.key !== null) keys.add(row.key);
          const heldUntil = now + holdMs(name);
          this.sql.activate.run(heldUntil, row.id);
          claimed.push({ id: String(row.id), name, input: JSON.parse(row.input), retryCount: row.retry_count, heldUntil } as ClaimedJob);
        }
        return claimed;
      })
      .immediate();
  }

  async complete(jobs: readonly ClaimedJob[]): Promise<void> {
    this.sqlite.transaction(() => {
      for (const job of jobs) this.sql.complete.run(Number(job.id), job.heldUntil ?? null);
    })();
  }

  async fail(job: ClaimedJob, error: string): Promise<void> {
    this.sqlite
      .transaction(() => {
        const row = this.sql.active.get(Number(job.id), job.heldUntil ?? null) as JobRow | undefined;
        if (row) this.failAttempt(row, error, this.now());
      })
      .immediate();
  }

  /** Inside a transaction: a retry later, or failed; when a job with the key already waits, it does the work. */
  private failAttempt(row: JobRow, message: string, now: number): void {
    const next = afterFailure(row.name, { retryCount: row.retry_count, retryLimit: row.retry_limit }, now);
    const waiting = row.key === null ? undefined : (this.sql.waitingWithKey.get(row.name, row.key, row.id) as { id: number } | undefined);
    if (next.state === 'retry' && waiting) {
      this.sql.noteError.run(message, now, waiting.id);
      this.sql.delete.run(row.id);
    } else if (next.state === 'retry') {
      this.sql.retry.run(next.retryCount, next.startAfter, message, now, row.id);
    } else {
      this.sql.failed.run(message, now, row.id);
    }
  }

  async schedule(schedules: readonly ScheduleEntry[]): Promise<void> {
    this.ticks.set(schedules);
  }

  async stats(): Promise<QueueStats[]> {
    const counts = this.sql.counts.all() as { name: QueueName; state: string; n: number }[];
    const errors = new Map((this.sql.lastErrors.all() as { name: QueueName; last_error: string; at: number }[]).map((r) => [r.name, r]));
    const oldest = new Map((this.sql.oldestDue.all(this.now()) as { name: QueueName; at: number }[]).map((r) => [r.name, r.at]));
    const count = (name: QueueName, ...states: string[]) => counts.filter((c) => c.name === name && states.includes(c.state)).reduce((sum, c) => sum + c.n, 0);
    return QUEUE_NAMES.map((name) => {
      const error = errors.get(name);
      return {
        name,
        queued: count(name, 'created', 'retry'),
        active: count(name, 'active'),
        failed: count(name, 'failed'),
        lastError: error ? { at: new Date(error.at), message: error.last_error } : null,
        oldestDueAt: oldest.has(name) ? new Date(oldest.get(name)!) : null,
      };
    });
  }

  async retryFailed(name: QueueName): Promise<number> {
    const count = this.sqlite
      .transaction(() => {
        let requeued = 0;
        for (const row of this.sql.failedOf.all(name) as JobRow[]) {
          // A job with the same key already waiting does the work.
          if (row.key !== null && this.sql.waitingWithKey.get(name, row.key, row.id)) this.sql.delete.run(row.id);
          else this.sql.requeue.run(this.now(), row.id);
          requeued += 1;
        }
        return requeued;
      })
      .immediate();
    if (count > 0) this.queued([name]);
    return count;
  }

  onQueued(listener: (names: readonly QueueName[]) => void): () => void {
    return this.listeners.add(listener);
  }

  queued(names: readonly QueueName[]): void {
    this.listeners.tell(names);
  }

  async close(): Promise<void> {
    this.ticks.stop();
  }
}
