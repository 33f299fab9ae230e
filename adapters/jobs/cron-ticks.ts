import cronParser from 'cron-parser';
import type { QueueName } from '../../core/domain/jobs.js';
import { errorLine } from './job-store.js';

/**
 * The cron of the stores that have no timekeeper of their own (SQLite, memory): at each tick of a
 * queue's cron (UTC, or the time zone its schedule names) one job is queued with the tick as its key, in the process that keeps the
 * schedules (the SQLite server). A tick missed while no process ran is not caught up (the next one
 * runs), as with cron. pg-boss keeps its schedules itself.
 */
export function cronTicks(queue: (name: QueueName, tick: Date) => Promise<void>, log: (line: string) => void) {
  const timers = new Map<QueueName, NodeJS.Timeout>();
  // Each set() starts a new generation: the chains of an older one end at their next step.
  let generation = 0;

  /** Arms the first tick of `cron` (in `tz`) after `after` (never the one just queued again, however early a timer fires). */
  function arm(name: QueueName, cron: string, tz: string, after: number, own: number): void {
    if (own !== generation) return;
    const next = cronParser
      .parseExpression(cron, { tz, currentDate: new Date(Math.max(Date.now(), after)) })
      .next()
      .toDate();
    // setTimeout holds at most ~24.8 days: re-arm in steps.
    const wait = Math.min(Math.max(0, next.getTime() - Date.now()), 2 ** 31 - 1);
    const timer = setTimeout(() => {
      if (Date.now() + 5 < next.getTime()) return arm(name, cron, tz, after, own);
      queue(name, next)
        .catch((error: unknown) => log(`[jobs] ${name}: the ${next.toISOString()} tick could not be queued: ${errorLine(error)}`))
        .finally(() => arm(name, cron, tz, next.getTime() + 1, own));
    }, wait);
    timer.unref();
    timers.set(name, timer);
  }

  return {
    /** Replaces the schedules kept here. */
    set(schedules: readonly { name: QueueName; cron: string | null; timezone?: string }[]): void {
      this.stop();
      const own = generation;
      for (const { name, cron, timezone } of schedules) if (cron) arm(name, cron, timezone ?? 'UTC', Date.now(), own);
    },
    stop(): void {
      generation += 1;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
