import { Argument, type Command } from 'commander';
import { QUEUE_NAMES, type QueueName } from '../../../core/domain/jobs.js';
import type { QueueStats } from '../../../adapters/jobs/job-store.js';
import { withAgency } from '../context.js';
import { createReporter, plural } from '../output.js';

/** The table `evisa jobs` prints: one line per queue, the last error cut to fit a terminal. */
export function jobsTable(stats: readonly QueueStats[]): string[] {
  const widest = Math.max(...stats.map((q) => q.name.length), 'queue'.length);
  const row = (queue: string, queued: string, active: string, failed: string, error: string) =>
    `${queue.padEnd(widest)}  ${queued.padStart(6)}  ${active.padStart(6)}  ${failed.padStart(6)}  ${error}`.trimEnd();
  return [
    row('queue', 'queued', 'active', 'failed', 'last error'),
    ...stats.map((q) => {
      const error = q.lastError ? `${q.lastError.at.toISOString().slice(0, 16).replace('T', ' ')} UTC  ${q.lastError.message.slice(0, 120)}` : '-';
      return row(q.name, String(q.queued), String(q.active), String(q.failed), error);
    }),
  ];
}

export function registerJobs(program: Command): void {
  const jobs = program
    .command('jobs')
    .description('List the background job queues: jobs waiting, running and failed, with the last error of each queue.')
    .option('--json', 'print the counts as JSON')
    .addHelpText(
      'after',
      `
Every node works these queues (mail, passport checks, reminders, retention, pruning); a job that
fails is retried with backoff, and one out of retries stays failed until \`evisa jobs retry <queue>\`.

Example:
  $ evisa jobs
  queue               queued  active  failed  last error
  deliver-mail             0       0       1  2026-11-25 16:40 UTC  Cannot reach the mail server at smtp.example:587
  check-passport           0       0       0  -
  $ evisa jobs retry deliver-mail
  Queued 1 failed deliver-mail job again.`,
    )
    .action(async (flags: { json?: boolean }) => {
      const out = createReporter();
      await withAgency(async (agency) => {
        const stats = await agency.persistence.jobs.stats();
        if (flags.json) {
          out.line(JSON.stringify(stats, null, 2));
          return;
        }
        for (const line of jobsTable(stats)) out.line(line);
        const failed = stats.reduce((sum, q) => sum + q.failed, 0);
        out.summary(failed > 0 ? `${plural(failed, 'failed job')}: \`evisa jobs retry <queue>\` queues them again.` : 'No failed jobs.');
      });
    });

  jobs
    .command('retry')
    .description("Queue a queue's failed jobs again (each gets one more attempt, now).")
    .addArgument(new Argument('<queue>', 'the queue').choices(QUEUE_NAMES))
    .addHelpText(
      'after',
      `
Example:
  $ evisa jobs retry deliver-mail
  Queued 3 failed deliver-mail jobs again.`,
    )
    .action(async (queue: QueueName) => {
      const out = createReporter();
      await withAgency(async (agency) => {
        const count = await agency.persistence.jobs.retryFailed(queue);
        out.summary(count > 0 ? `Queued ${plural(count, `failed ${queue} job`)} again.` : `No failed ${queue} jobs.`);
      });
    });
}
