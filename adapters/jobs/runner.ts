import type { JobInputs, QueueName } from '../../core/domain/jobs.js';
import { QUEUES } from '../../core/domain/jobs.js';
import { errorLine, type ClaimedJob, type JobStore } from './job-store.js';

/** What a queue's jobs do: one definition per queue, the same on every node and in the CLI. */
export interface JobDefinition<N extends QueueName = QueueName> {
  name: N;
  /** 5-field cron (UTC unless `timezone`) on which one job is queued; null: queued only by the work that needs it. */
  schedule: string | null;
  /** The cron's time zone (IANA name); UTC when unset. */
  timezone?: string;
  /** Jobs of this queue one process runs at once. */
  concurrency: number;
  /**
   * Free places (of `concurrency`) to wait for before taking more jobs, all in one fetch (default
   * 1): fewer, larger fetches for many short jobs. A job is started as soon as it is taken.
   */
  batch?: number;
  /**
   * Does the job: answers a line for the log (null: nothing worth a line). Throws to have it
   * retried by its queue's policy. Input that is gone (an erased application, a purged file)
   * is no failure: the job answers why it skipped.
   */
  run(input: JobInputs[N]): Promise<string | null>;
}

/** Any queue's definition (each one typed by its own queue). */
export type AnyJobDefinition = { [N in QueueName]: JobDefinition<N> }[QueueName];

export interface JobRunnerOptions {
  store: JobStore;
  /** One line per job worth a line (and its severity: a failed attempt warns, what cannot be recorded is an error). */
  log: (line: string, level?: 'info' | 'warn' | 'error') => void;
  /** How often an idle worker looks for jobs queued by other processes (default 2 s). */
  pollMs?: number;
}

export interface JobRunner {
  /** Keeps the schedules and works every queue in this process until stop(). */
  start(definitions: readonly AnyJobDefinition[]): Promise<void>;
  /**
   * Works one queue in this process until none of its jobs is due (the CLI): answers how many
   * jobs it completed and how many failed here.
   */
  drain(definition: AnyJobDefinition, options?: { concurrency?: number; batch?: number; onDone?: (ok: boolean) => void }): Promise<{ completed: number; failed: number }>;
  /**
   * Takes no new job; running ones may finish within `graceMs`, the rest are handed back to the
   * store (retried by another worker).
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Resolves after `ms`, or as soon as `wake` is called (whichever comes first); a wake while nobody
 * sleeps makes the next sleep return at once (nothing that happened in between is missed).
 */
function sleeper() {
  let wake: (() => void) | null = null;
  let woken = false;
  return {
    sleep(ms: number): Promise<void> {
      if (woken) {
        woken = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        timer.unref();
        function done() {
          clearTimeout(timer);
          if (wake === done) wake = null;
          resolve();
        }
        wake = done;
      });
    },
    wake() {
      if (wake) wake();
      else woken = true;
    },
  };
}

/** How long a finished job waits for others of its queue to be recorded done in the same statement. */
const COMPLETION_WINDOW_MS = 5;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * The one job runner: on every node (and in the CLI's drains) each queue is worked by a few loops
 * that take due jobs from the store (one, or a batch), run their definition and complete or fail
 * each. An idle loop sleeps until a job is queued in this process or `pollMs` passes (jobs queued
 * by other processes). Retries, backoff, expiry of jobs held by dead workers and cron ticks are the
 * store's.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { store, log } = options;
  const pollMs = options.pollMs ?? 2000;
  const sleepers = new Map<QueueName, Set<ReturnType<typeof sleeper>>>();
  const running = new Map<string, { job: ClaimedJob; done: Promise<boolean> }>();
  let stopping = false;
  let loops: Promise<void>[] = [];
  let unsubscribe: (() => void) | null = null;

  function wake(names: readonly QueueName[]) {
    for (const name of names) for (const s of sleepers.get(name) ?? []) s.wake();
  }

  /** Recordings of jobs done that have not been written yet. */
  const recording = new Set<Promise<void>>();
  /** Jobs done, per queue, waiting (a few milliseconds) to be recorded together. */
  const done = new Map<QueueName, { jobs: ClaimedJob[]; recorded: Promise<void> }>();
  function recordDone(job: ClaimedJob): Promise<void> {
    let batch = done.get(job.name);
    if (!batch) {
      const jobs: ClaimedJob[] = [];
      const recorded = new Promise<void>((resolve) => setTimeout(resolve, COMPLETION_WINDOW_MS)).then(() => {
        done.delete(job.name);
        return store.complete(jobs);
      });
      batch = { jobs, recorded };
      done.set(job.name, batch);
    }
    batch.jobs.push(job);
    return batch.recorded;
  }

  /** Runs one claimed job to its end: completed (true), or failed and so retried or left failed (false). */
  async function work(definition: AnyJobDefinition, job: ClaimedJob): Promise<boolean> {
    const started = performance.now();
    const label = `[jobs] ${describeJob(job)}`;
    let line: string | null;
    try {
      line = await (definition.run as (input: unknown) => Promise<string | null>)(job.input);
    } catch (error) {
      const reason = errorLine(error);
      const policy = QUEUES[job.name];
      const next = job.retryCount < policy.retryLimit ? `attempt ${job.retryCount + 1} of ${policy.retryLimit + 1}; retried later` : 'no retries left: it stays failed (evisa jobs)';
      log(`${label} failed (${next}): ${reason}`, 'warn');
      await store.fail(job, reason).catch((e: unknown) => log(`[jobs] ${job.name}: could not record the failure: ${errorLine(e)}`, 'error'));
      return false;
    }
    // Recorded done in one statement with the others of its queue that end within the same few
    // milliseconds; its place is free at once (a drain or a stop waits for the recording).
    const recorded = recordDone(job).catch((e: unknown) => log(`${label}: done, but could not be recorded so (its retry will find nothing to do): ${errorLine(e)}`, 'error'));
    recording.add(recorded);
    void recorded.finally(() => recording.delete(recorded));
    if (line) log(`${label}: ${line} (${seconds(started)})`);
    return true;
  }

  async function handBack(jobs: readonly ClaimedJob[]): Promise<void> {
    for (const job of jobs) {
      log(`[jobs] ${describeJob(job)}: handed back (the node is stopping)`);
      await store.fail(job, 'The node stopped before the job finished.').catch(() => undefined);
    }
  }

  /**
   * A queue's worker in this process: keeps up to `concurrency` of its jobs running, taking more
   * (as many as there are free places, once `batch` are free) as soon as running ones end, or
   * sleeping while none is due. It ends when the runner stops, or (a drain) when nothing is due and
   * nothing runs.
   */
  async function loop(definition: AnyJobDefinition, concurrency: number, batch: number, drain: boolean, onDone?: (ok: boolean) => void): Promise<void> {
    const own = sleeper();
    const set = sleepers.get(definition.name) ?? new Set();
    sleepers.set(definition.name, set);
    set.add(own);
    const active = new Set<Promise<void>>();
    const start = (job: ClaimedJob) => {
      const done = work(definition, job);
      running.set(job.id, { job, done });
      const ended = done.then((ok) => {
        running.delete(job.id);
        active.delete(ended);
        onDone?.(ok);
        own.wake();
      });
      active.add(ended);
    };
    try {
      while (!stopping) {
        const free = concurrency - active.size;
        if (active.size > 0 && free < batch) {
          await own.sleep(pollMs); // woken as soon as a running job ends
          continue;
        }
        let jobs: ClaimedJob[] = [];
        try {
          jobs = await store.fetch(definition.name, free);
        } catch (error) {
          log(`[jobs] ${definition.name}: could not take a job: ${errorLine(error)}`, 'error');
        }
        // Taken while the runner was being stopped: they go back at once, for another worker.
        if (stopping) {
          await handBack(jobs);
          break;
        }
        for (const job of jobs) start(job);
        if (jobs.length > 0) continue;
        if (drain && active.size === 0) break;
        await own.sleep(pollMs); // woken by a job queued here, a running job's end, or the poll
      }
      await Promise.all(active);
      await Promise.all(recording);
    } finally {
      set.delete(own);
    }
  }

  return {
    async start(definitions) {
      stopping = false;
      unsubscribe = store.onQueued(wake);
      await store.schedule(definitions.map((d) => ({ name: d.name, cron: d.schedule, timezone: d.timezone })));
      loops = definitions.map((definition) => loop(definition, Math.max(1, definition.concurrency), placesToWaitFor(definition), false));
    },

    async drain(definition, { concurrency = definition.concurrency, batch = definition.batch, onDone } = {}) {
      const counts = { completed: 0, failed: 0 };
      const done = (ok: boolean) => {
        counts[ok ? 'completed' : 'failed'] += 1;
        onDone?.(ok);
      };
      // It ends when nothing is due and nothing runs (or the runner stops).
      await loop(definition, Math.max(1, concurrency), placesToWaitFor({ concurrency, batch }), true, done);
      return counts;
    },

    async stop(graceMs = 10_000) {
      if (stopping) return;
      stopping = true;
      unsubscribe?.();
      for (const set of sleepers.values()) for (const s of set) s.wake();
      const finished = Promise.all(loops).then(() => true);
      const late = new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref());
      if (await Promise.race([finished, late])) return;
      // Still running after the grace period: handed back now, retried by another worker (its
      // answer, should it still come, no longer counts: the store fences stale attempts).
      await handBack([...running.values()].map((r) => r.job));
    },
  };
}

/** Free places a worker waits for before it takes more jobs: `batch`, at most `concurrency`. */
function placesToWaitFor(definition: { concurrency: number; batch?: number }): number {
  return Math.max(1, Math.min(definition.batch ?? 1, definition.concurrency));
}

/** `deliver-mail (mail 12)`, `check-passport (document 7)`, `reminders`. */
function describeJob(job: ClaimedJob): string {
  const entries = Object.entries((job.input ?? {}) as Record<string, unknown>);
  const input = entries.map(([key, value]) => `${key.replace(/Id$/, '')} ${String(value)}`).join(', ');
  return input ? `${job.name} (${input})` : job.name;
}
