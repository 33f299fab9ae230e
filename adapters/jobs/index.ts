/**
 * Scheduled work that runs itself, exactly once across every server process on one database.
 * - PostgreSQL: pg-boss (./pg-boss.ts). Each node registers the same jobs; pg-boss stores the
 *   schedules, lets one node per tick turn a schedule into ONE job (a singleton per minute) and
 *   hands that job to one worker (`FOR UPDATE SKIP LOCKED`). Why pg-boss and not graphile-worker:
 *   see docs/deployment.md ("Scheduled work").
 * - SQLite (one server process by design): an in-process scheduler (./in-process.ts) over the same
 *   job definitions and the same cron syntax (cron-parser, which pg-boss uses too).
 */
import { createInProcessRunner } from './in-process.js';
import { createPgBossRunner } from './pg-boss.js';

export interface Job {
  /** A queue name: letters, digits, dashes. */
  name: string;
  /** A 5-field cron expression (UTC); null: this job is not scheduled (a stored schedule is removed). */
  schedule: string | null;
  /** Does the work; answers one line for the log. */
  run(): Promise<string>;
}

export interface JobRunner {
  readonly kind: 'pg-boss' | 'in-process';
  /** Registers the jobs and starts running them on their schedules. */
  start(): Promise<void>;
  /** Stops taking jobs; waits for the ones running here. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  /** postgres://… → pg-boss; null → in-process. */
  databaseUrl: string | null;
  jobs: Job[];
  log: (line: string) => void;
  /** pg-boss polling, in seconds (default: pg-boss's own, 30 s for the cron check, 2 s for jobs). */
  pollSeconds?: number;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  return options.databaseUrl ? createPgBossRunner({ ...options, databaseUrl: options.databaseUrl }) : createInProcessRunner(options);
}

/** Wraps a job's run so a failure becomes one log line (and the scheduler keeps going). */
export async function runLogged(job: Job, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  try {
    const line = await job.run();
    log(`[jobs] ${job.name}: ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    log(`[jobs] ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}
