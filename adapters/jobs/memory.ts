import type { JobInputs, JobRequest, QueueName } from '../../core/domain/jobs.js';
import { QUEUE_NAMES, QUEUES } from '../../core/domain/jobs.js';
import { cronTicks } from './cron-ticks.js';
import { afterFailure, EXPIRED_MESSAGE, holdMs, type JobState } from './job-rules.js';
import { queuedListeners, queueNamesOf, type ClaimedJob, type JobStore, type QueueStats, type ScheduleEntry } from './job-store.js';

interface MemoryJob {
  id: string;
  name: QueueName;
  input: JobInputs[QueueName];
  key: string | null;
  state: JobState;
  retryCount: number;
  /** Attempts allowed after the first (raised by retryFailed). */
  retryLimit: number;
  startAfter: number;
  expireAt: number | null;
  lastError: { at: number; message: string } | null;
}

/** The jobs of the memory persistence (tests): the same lifecycle as SQLite's and pg-boss's. */
export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, MemoryJob>();
  private sequence = 0;
  private readonly listeners = queuedListeners();
  private readonly ticks = cronTicks(
    (name, tick) => this.send([{ name, input: {}, key: `${name}@${tick.toISOString()}` } as JobRequest]),
    () => undefined,
  );

  constructor(private readonly now: () => number = Date.now) {}

  async install(): Promise<boolean> {
    return false;
  }

  /** Queues jobs as part of a memory unit of work (its writes happen at once). */
  insert(jobs: readonly JobRequest[]): void {
    for (const request of jobs) {
      const key = request.key ?? null;
      if (key !== null && [...this.jobs.values()].some((j) => j.name === request.name && j.key === key && (j.state === 'created' || j.state === 'retry'))) continue;
      const id = String(++this.sequence);
      this.jobs.set(id, {
        id,
        name: request.name,
        input: request.input,
        key,
        state: 'created',
        retryCount: 0,
        retryLimit: QUEUES[request.name].retryLimit,
        startAfter: this.now(),
        expireAt: null,
        lastError: null,
      });
    }
  }

  async send(jobs: JobRequest[]): Promise<void> {
    this.insert(jobs);
    this.queued(queueNamesOf(jobs));
  }

  async fetch(name: QueueName, limit: number): Promise<ClaimedJob[]> {
    const now = this.now();
    for (const job of this.jobs.values()) {
      // Its retry is counted from the moment the hold ended, as if noticed then.
      if (job.name === name && job.state === 'active' && job.expireAt !== null && job.expireAt <= now) this.failAttempt(job, EXPIRED_MESSAGE(name), job.expireAt);
    }
    const running = new Set([...this.jobs.values()].filter((j) => j.name === name && j.state === 'active' && j.key !== null).map((j) => j.key));
    const claimed: ClaimedJob[] = [];
    for (const job of this.jobs.values()) {
      if (claimed.length >= limit) break;
      if (job.name !== name || (job.state !== 'created' && job.state !== 'retry') || job.startAfter > now) continue;
      if (job.key !== null && running.has(job.key)) continue;
      if (job.key !== null) running.add(job.key);
      job.state = 'active';
      job.expireAt = now + holdMs(name);
      claimed.push({ id: job.id, name, input: job.input, retryCount: job.retryCount, heldUntil: job.expireAt } as ClaimedJob);
    }
    return claimed;
  }

  /** The job as this attempt holds it (not after it was taken back). */
  private held(claimed: ClaimedJob): MemoryJob | undefined {
    const job = this.jobs.get(claimed.id);
    return job?.state === 'active' && job.expireAt === claimed.heldUntil ? job : undefined;
  }

  async complete(claimed: readonly ClaimedJob[]): Promise<void> {
    for (const attempt of claimed) if (this.held(attempt)) this.jobs.delete(attempt.id);
  }

  async fail(claimed: ClaimedJob, error: string): Promise<void> {
    const job = this.held(claimed);
    if (job) this.failAttempt(job, error, this.now());
  }

  private failAttempt(job: MemoryJob, message: string, now: number): void {
    const next = afterFailure(job.name, job, now);
    const waiting = job.key === null ? undefined : [...this.jobs.values()].find((j) => j !== job && j.name === job.name && j.key === job.key && (j.state === 'created' || j.state === 'retry'));
    if (next.state === 'retry' && waiting) {
      // Another job with this key is already waiting: it does the work; it keeps the error.
      waiting.lastError = { at: now, message };
      this.jobs.delete(job.id);
      return;
    }
    job.lastError = { at: now, message };
    job.expireAt = null;
    Object.assign(job, next);
  }

  async schedule(schedules: readonly ScheduleEntry[]): Promise<void> {
    this.ticks.set(schedules);
  }

  async stats(): Promise<QueueStats[]> {
    return QUEUE_NAMES.map((name) => {
      const jobs = [...this.jobs.values()].filter((j) => j.name === name);
      const last = jobs
        .map((j) => j.lastError)
        .filter((e) => e !== null)
        .sort((a, b) => b.at - a.at)[0];
      const now = this.now();
      const due = jobs.filter((j) => (j.state === 'created' || j.state === 'retry') && j.startAfter <= now).map((j) => j.startAfter);
      return {
        name,
        queued: jobs.filter((j) => j.state === 'created' || j.state === 'retry').length,
        active: jobs.filter((j) => j.state === 'active').length,
        failed: jobs.filter((j) => j.state === 'failed').length,
        lastError: last ? { at: new Date(last.at), message: last.message } : null,
        oldestDueAt: due.length > 0 ? new Date(Math.min(...due)) : null,
      };
    });
  }

  async retryFailed(name: QueueName): Promise<number> {
    let count = 0;
    for (const job of this.jobs.values()) {
      if (job.name !== name || job.state !== 'failed') continue;
      count += 1;
      // A job with the same key already waiting does the work.
      if (job.key !== null && [...this.jobs.values()].some((j) => j.name === name && j.key === job.key && (j.state === 'created' || j.state === 'retry'))) {
        this.jobs.delete(job.id);
        continue;
      }
      // One more attempt, now.
      Object.assign(job, { state: 'retry', retryCount: job.retryCount + 1, retryLimit: job.retryCount + 1, startAfter: this.now() });
    }
    if (count > 0) this.queued([name]);
    return count;
  }

  onQueued(listener: (names: readonly QueueName[]) => void): () => void {
    return this.listeners.add(listener);
  }

  queued(names: readonly QueueName[]): void {
    this.listeners.tell(names);
  }

  /** Every job still kept (tests). */
  list(): readonly MemoryJob[] {
    return [...this.jobs.values()];
  }

  async close(): Promise<void> {
    this.ticks.stop();
  }
}
