import type { JobInputs, QueueName } from '../../core/domain/jobs.js';
import { QUEUES } from '../../core/domain/jobs.js';
import { errorLine, type ClaimedJob, type JobStore } from './job-store.js';

/** What a queue's jobs do: one definition per queue, the same on every node and in the CLI. */
export interface JobDefinition<N extends QueueName = QueueName> {
  name: N;
  /** 5-field cron (UTC) on which one job is queued; null: queued only by the work that needs it. */
  schedule: string | null;
  /** Jobs of this queue one process runs at once. */
  concurrency: number;
  /**
   * Jobs one worker takes from the store at once and runs together (default 1): fewer round trips
   * for many short jobs. Every job of a batch is held from the moment it is taken; each is recorded
   * done as soon as it is.
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
  log: (line: string) => void;
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

/** Resolves after `ms`, or as soon as `wake` is called (whichever comes first). */
function sleeper() {
  let wake: (() => void) | null = null;
  return {
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        timer.unref();
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    },
    wake() {
      wake?.();
    },
  };
}

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
      log(`${label} failed (${next}): ${reason}`);
      await store.fail(job, reason).catch((e: unknown) => log(`[jobs] ${job.name}: could not record the failure: ${errorLine(e)}`));
      return false;
    }
    // Recorded as soon as it is done (not with its batch): a slow neighbour holds nothing up.
    await store.complete([job]).catch((e: unknown) => log(`${label}: done, but could not be recorded so (its retry will find nothing to do): ${errorLine(e)}`));
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
   * One loop of a queue: takes a batch of due jobs and runs them together, or sleeps. It ends when
   * the runner stops, or (a drain) when nothing is due.
   */
  async function loop(definition: AnyJobDefinition, batch: number, drain: boolean, onDone?: (ok: boolean) => void): Promise<void> {
    const own = sleeper();
    const set = sleepers.get(definition.name) ?? new Set();
    sleepers.set(definition.name, set);
    set.add(own);
    try {
      while (!stopping) {
        let jobs: ClaimedJob[] = [];
        try {
          jobs = await store.fetch(definition.name, batch);
        } catch (error) {
          log(`[jobs] ${definition.name}: could not take a job: ${errorLine(error)}`);
        }
        // Taken while the runner was being stopped: they go back at once, for another worker.
        if (stopping) return await handBack(jobs);
        if (jobs.length === 0) {
          if (drain) return;
          await own.sleep(pollMs);
          continue;
        }
        await Promise.all(
          jobs.map(async (job) => {
            const done = work(definition, job);
            running.set(job.id, { job, done });
            const ok = await done.finally(() => running.delete(job.id));
            onDone?.(ok);
          }),
        );
      }
    } finally {
      set.delete(own);
    }
  }

  /** The loops that run `concurrency` jobs of a queue at once, `batch` per loop. */
  function loopsOf(definition: AnyJobDefinition, concurrency: number, batch: number, drain: boolean, onDone?: (ok: boolean) => void) {
    const perLoop = Math.max(1, Math.min(batch, concurrency));
    return Array.from({ length: Math.max(1, Math.ceil(concurrency / perLoop)) }, () => loop(definition, perLoop, drain, onDone));
  }

  return {
    async start(definitions) {
      stopping = false;
      unsubscribe = store.onQueued(wake);
      await store.schedule(definitions.map((d) => ({ name: d.name, cron: d.schedule })));
      loops = definitions.flatMap((definition) => loopsOf(definition, definition.concurrency, definition.batch ?? 1, false));
    },

    async drain(definition, { concurrency = definition.concurrency, batch = definition.batch ?? 1, onDone } = {}) {
      const counts = { completed: 0, failed: 0 };
      const done = (ok: boolean) => {
        counts[ok ? 'completed' : 'failed'] += 1;
        onDone?.(ok);
      };
      // A loop ends when it finds nothing due (or the runner stops).
      await Promise.all(loopsOf(definition, concurrency, batch, true, done));
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

/** `deliver-mail (mail 12)`, `check-passport (document 7)`, `reminders`. */
function describeJob(job: ClaimedJob): string {
  const entries = Object.entries((job.input ?? {}) as Record<string, unknown>);
  const input = entries.map(([key, value]) => `${key.replace(/Id$/, '')} ${String(value)}`).join(', ');
  return input ? `${job.name} (${input})` : job.name;
}
