import pg from 'pg';
import PgBoss from 'pg-boss';
import { runLogged, type Job, type JobRunner } from './index.js';

/**
 * Jobs on PostgreSQL through pg-boss (its own `pgboss` schema, created and migrated by pg-boss at
 * start under its own advisory lock). Every node calls start() with the same jobs:
 * - `schedule`/`unschedule` store each job's cron in the database (the last node to start wins, so
 *   give every node the same REMINDER_SCHEDULE / RETENTION_SCHEDULE);
 * - one node per cron tick turns a due schedule into one job (pg-boss keys it to the minute);
 * - each queue is a `singleton` queue: at most one run of a job is active at a time, whichever node
 *   fetched it (`FOR UPDATE SKIP LOCKED`); a failed run is not retried (the next tick runs again).
 */
/** The advisory lock key held while a node registers its jobs ("evisa-jb" in ASCII). */
const REGISTRATION_LOCK_KEY = '7311146989355100770';

export function createPgBossRunner(options: { databaseUrl: string; jobs: Job[]; log: (line: string) => void; pollSeconds?: number }): JobRunner {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    max: 3,
    application_name: 'evisa-jobs',
    ...(options.pollSeconds ? { cronMonitorIntervalSeconds: options.pollSeconds, cronWorkerIntervalSeconds: options.pollSeconds } : {}),
  });
  boss.on('error', (error) => options.log(`[jobs] pg-boss: ${error instanceof Error ? error.message : String(error)}`));
  let started = false;

  return {
    kind: 'pg-boss',
    async start() {
      // Nodes starting together register one after the other: pg-boss 10 deadlocks when two
      // processes create the same queue (its partition tables) at once. A session advisory lock on
      // a connection of our own, released (or dropped with the connection) whatever happens.
      const lock = new pg.Client({ connectionString: options.databaseUrl, application_name: 'evisa-jobs-start' });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [REGISTRATION_LOCK_KEY]);
        await boss.start();
        started = true;
        for (const job of options.jobs) {
          await boss.createQueue(job.name, { name: job.name, policy: 'singleton', retryLimit: 0, expireInSeconds: 60 * 60 });
          if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
          else await boss.unschedule(job.name);
          await boss.work(job.name, { pollingIntervalSeconds: options.pollSeconds ?? 2 }, async () => runLogged(job, options.log));
        }
      } finally {
        await lock.end().catch(() => undefined);
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      // graceful: waits for the jobs running here (up to 30 s), then closes pg-boss's pool.
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
