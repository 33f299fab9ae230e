import type { JobInputs, JobRequest, QueueName } from '../../core/domain/jobs.js';

/**
 * Where the agency's jobs wait, and who holds them. The database keeps them, so a job outlives the
 * process that queued it: pg-boss's tables on PostgreSQL (./pg-boss.ts), a `jobs` table in the
 * SQLite file (./sqlite.ts), maps in memory for tests (./memory.ts). Jobs are queued in the same
 * transaction as the rows that need them (an outbox mail, a passport copy): the persistence adapters
 * write them with their units of work, then call `queued()`. The runner (./runner.ts) works them.
 */
export interface JobStore {
  /**
   * Creates the queues' storage; part of the database's migration, safe to run again. Answers true
   * when the storage was new and jobs may be missing for work queued before it existed.
   */
  install(): Promise<boolean>;
  /** Queues jobs on their own, outside any unit of work. */
  send(jobs: JobRequest[]): Promise<void>;
  /**
   * Takes up to `limit` due jobs of one queue for this worker, each held for its queue's
   * expireSeconds: a job held longer (its worker died) is taken back and retried by the store.
   */
  fetch(name: QueueName, limit: number): Promise<ClaimedJob[]>;
  /** The jobs are done (a batch at once: one statement). */
  complete(jobs: readonly ClaimedJob[]): Promise<void>;
  /** The attempt failed: the job is retried after its queue's delay, or left failed once its retries are spent. */
  fail(job: ClaimedJob, error: string): Promise<void>;
  /**
   * Keeps each job's cron (5 fields, in its time zone: UTC unless it names one): at each tick one
   * job is queued (pg-boss: once across every node; SQLite and memory: by the one process that
   * keeps the schedules). A null cron removes the queue's schedule.
   */
  schedule(schedules: readonly ScheduleEntry[]): Promise<void>;
  /** Counts per queue, and the latest failure of each. */
  stats(): Promise<QueueStats[]>;
  /**
   * Queues the failed jobs of a queue again, one more attempt each (a failed job whose key already
   * has a waiting one is dropped instead); answers how many.
   */
  retryFailed(name: QueueName): Promise<number>;
  /** `listener` is told the queues jobs were queued on, by this process, as soon as they are committed. */
  onQueued(listener: (names: readonly QueueName[]) => void): () => void;
  /** Tells the listeners (the persistence, after a unit that queued jobs committed). */
  queued(names: readonly QueueName[]): void;
  close(): Promise<void>;
}

/** A queue's cron; `timezone` (IANA, e.g. Europe/London) is UTC when unset. */
export interface ScheduleEntry {
  name: QueueName;
  cron: string | null;
  timezone?: string;
}

/** A job a worker holds. */
export interface ClaimedJob<N extends QueueName = QueueName> {
  id: string;
  name: N;
  input: JobInputs[N];
  /** 0 on the first attempt. */
  retryCount: number;
  /**
   * This attempt's hold, where the store fences attempts (SQLite, memory): once it was taken back
   * (expired, handed back), this attempt's complete and fail change nothing. pg-boss matches jobs
   * by id alone.
   */
  heldUntil?: number;
}

export interface QueueStats {
  name: QueueName;
  /** Waiting to run: new, or failed and waiting for a retry. */
  queued: number;
  active: number;
  failed: number;
  lastError: { at: Date; message: string } | null;
  /**
   * When the job that has waited longest for a worker became due (queued, or its retry delay
   * ended); null when no job is due. Its age is the queue's backlog in time (GET /metrics).
   */
  oldestDueAt: Date | null;
}

/** The names of the queues some of `jobs` go to, each once. */
export function queueNamesOf(jobs: readonly JobRequest[]): QueueName[] {
  return [...new Set(jobs.map((job) => job.name))];
}

/** An error's first line (stored as a failed job's reason). */
export function errorLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').slice(0, 1000) || 'failed';
}

/** Listeners of `queued()`, for the stores. */
export function queuedListeners() {
  const listeners = new Set<(names: readonly QueueName[]) => void>();
  return {
    add(listener: (names: readonly QueueName[]) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tell(names: readonly QueueName[]) {
      if (names.length > 0) for (const listener of listeners) listener(names);
    },
  };
}
