import cronParser from 'cron-parser';
import { runLogged, type Job, type JobRunner } from './index.js';

/**
 * The SQLite default's scheduler: one server process runs each scheduled job at its cron times
 * (UTC), one run of a job at a time. Nothing is stored: a tick missed while the server was down is
 * not caught up (the next one runs), as with cron.
 */
export function createInProcessRunner(options: { jobs: Job[]; log: (line: string) => void; now?: () => number }): JobRunner {
  const now = options.now ?? Date.now;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = true;

  function arm(job: Job): void {
    if (stopped || !job.schedule) return;
    const next = cronParser.parseExpression(job.schedule, { tz: 'UTC', currentDate: new Date(now()) }).next().getTime();
    // setTimeout holds at most ~24.8 days: re-arm in steps.
    const wait = Math.min(Math.max(0, next - now()), 2 ** 31 - 1);
    const timer = setTimeout(() => {
      if (now() + 5 < next) return arm(job);
      const run = runLogged(job, options.log)
        .catch(() => undefined)
        .finally(() => {
          running.delete(run);
          arm(job);
        });
      running.add(run);
    }, wait);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    kind: 'in-process',
    async start() {
      stopped = false;
      for (const job of options.jobs) arm(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
