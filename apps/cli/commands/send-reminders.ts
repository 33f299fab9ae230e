import type { Command } from 'commander';
import type { Agency } from '../../shared/agency.js';
import type { ReminderRunResult } from '../../../core/use-cases/use-cases.js';
import { withAgency } from '../context.js';
import { CommandFailed } from '../errors.js';
import { createReporter, plural, seconds, type Reporter } from '../output.js';
import { createJobRunner } from '../../../adapters/jobs/runner.js';
import { jobDefinition } from '../../shared/jobs.js';

interface Flags {
  payment?: boolean;
  application?: boolean;
  dryRun?: boolean;
}

/**
 * Mails sent at once: as many as the SMTP mailer keeps connections open (no send waits for a
 * connection while its mail's lease runs), taken from the queue 4 at a time.
 */
const SENDERS = 8;
const BATCH = 4;

export function registerSendReminders(program: Command): void {
  program
    .command('send-reminders')
    .description('Queue the reminders that are due (unpaid fees; registered users without an application) and deliver the outbox.')
    .option('--payment', 'payment reminders only')
    .option('--application', 'application reminders only')
    .option('--dry-run', 'list who would be reminded; queue and send nothing')
    .addHelpText(
      'after',
      `
Both kinds are sent when neither --payment nor --application is given. Safe to run twice, even at
the same time: each reminder is claimed atomically, so nobody is reminded twice.

Example:
  $ evisa send-reminders --dry-run
  would remind jane@example.com (application 12): initial fee unpaid
  Dry run: 1 payment reminder and 0 application reminders would be sent.
  $ evisa send-reminders --payment
  Queued 12 payment reminders in 0.2 s; delivered 12 mails in 0.9 s.`,
    )
    .action(async (flags: Flags) => {
      const both = !flags.payment && !flags.application;
      const kinds = { payment: both || Boolean(flags.payment), application: both || Boolean(flags.application) };
      const dryRun = Boolean(flags.dryRun);
      const out = createReporter();
      const started = performance.now();
      await withAgency(async (agency) => {
        const results: { kind: 'payment' | 'application'; result: ReminderRunResult }[] = [];
        if (kinds.payment) {
          const result = await agency.useCases.sendPaymentReminders(null, { dryRun });
          printRecipients(out, 'payment', result, dryRun);
          results.push({ kind: 'payment', result });
        }
        if (kinds.application) {
          const result = await agency.useCases.sendApplicationReminders(null, { dryRun });
          printRecipients(out, 'application', result, dryRun);
          results.push({ kind: 'application', result });
        }
        const counts = results.map(({ kind, result }) => plural(result.sent, `${kind} reminder`)).join(' and ');
        if (dryRun) {
          out.summary(`Dry run: ${counts} would be sent; nothing was queued or sent.`);
          return;
        }
        const queued = results.reduce((sum, { result }) => sum + result.sent, 0);
        const queuedAt = performance.now();
        const delivery = await deliverOutbox(agency, out, queued);
        const line = `Queued ${counts} in ${seconds(queuedAt - started)}; ` + `delivered ${plural(delivery.sent, 'mail')} in ${seconds(performance.now() - queuedAt)}.`;
        if (delivery.failed > 0) {
          throw new CommandFailed(
            `${line} ${plural(delivery.failed, 'mail')} could not be delivered${delivery.reason ? ` (${delivery.reason})` : ''}; ` +
              'they stay in the outbox and their jobs retry them later (`evisa jobs` shows them).',
          );
        }
        out.summary(line);
      });
    });
}

function printRecipients(out: Reporter, kind: 'payment' | 'application', result: ReminderRunResult, dryRun: boolean): void {
  const verb = dryRun ? 'would remind' : 'reminding';
  for (const r of result.recipients) {
    const target = r.applicationId === null ? '' : ` (application ${r.applicationId})`;
    out.line(`${verb} ${r.email}${target}: ${r.reason} [${kind}]`);
  }
  if (result.skipped > 0) out.line(`${plural(result.skipped, `${kind} reminder`)} skipped (already claimed by another run).`);
}

/**
 * Works the deliver-mail queue in this process until no mail is due: the reminders just queued, and
 * any other mail waiting (a server node may take some of them at the same time; each is sent once).
 * A mail that failed is retried by its job later (a server node, or the next run).
 */
async function deliverOutbox(agency: Agency, out: Reporter, expected: number): Promise<{ sent: number; failed: number; reason: string | null }> {
  const bar = out.progress('Sending mail', expected);
  // The summary names the first failure's reason; each failed job is listed by `evisa jobs`.
  const runner = createJobRunner({ store: agency.persistence.jobs, log: () => undefined });
  let result: { completed: number; failed: number };
  try {
    result = await runner.drain(jobDefinition(agency, 'deliver-mail'), { concurrency: SENDERS, batch: BATCH, onDone: () => bar.increment(1) });
  } finally {
    bar.stop();
  }
  let reason: string | null = null;
  if (result.failed > 0) {
    const unsent = await agency.ports.outbox.list({ sent: false });
    reason = unsent.find((m) => m.lastError)?.lastError?.split('\n')[0] ?? null;
  }
  return { sent: result.completed, failed: result.failed, reason };
}
