import type { Command } from 'commander';
import type { Agency } from '../../shared/agency.js';
import type { ReminderRunResult } from '../../../core/use-cases/use-cases.js';
import { withAgency } from '../context.js';
import { CommandFailed } from '../errors.js';
import { createReporter, plural, seconds, type Reporter } from '../output.js';

interface Flags {
  payment?: boolean;
  application?: boolean;
  dryRun?: boolean;
}

/** Mails claimed per delivery round; each round is one atomic claim in the outbox. */
const DELIVERY_BATCH = 25;
/** Delivery rounds in flight at once: SMTP servers answer each new connection slowly (smtp-server waits ~100 ms before its greeting), so sends overlap. */
const SENDERS = 32;

export function registerSendReminders(program: Command): void {
  program
    .command('send-reminders')
    .description(
      'Queue the reminders that are due (unpaid fees; registered users without an application) and deliver the outbox.',
    )
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
        const line =
          `Queued ${counts} in ${seconds(queuedAt - started)}; ` +
          `delivered ${plural(delivery.sent, 'mail')} in ${seconds(performance.now() - queuedAt)}.`;
        if (delivery.failed > 0) {
          throw new CommandFailed(
            `${line} ${plural(delivery.failed, 'mail')} could not be delivered${delivery.reason ? ` (${delivery.reason})` : ''}; ` +
              'they stay in the outbox and are retried on the next run.',
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
 * Delivers queued mail until the outbox is drained or only failing mail remains (a failed mail is
 * rescheduled by the outbox, so it is not claimed again in this run). A few senders work at once:
 * each claim is atomic and leased, so no mail is sent twice, and SMTP round trips overlap.
 */
async function deliverOutbox(agency: Agency, out: Reporter, expected: number): Promise<{ sent: number; failed: number; reason: string | null }> {
  const bar = out.progress('Sending mail', expected);
  let sent = 0;
  let failed = 0;
  const sender = async () => {
    for (;;) {
      const round = await agency.useCases.deliverPendingMail({ limit: DELIVERY_BATCH });
      sent += round.sent;
      failed += round.failed;
      bar.increment(round.sent + round.failed);
      if (round.sent === 0) return;
    }
  };
  try {
    await Promise.all(Array.from({ length: SENDERS }, sender));
  } finally {
    bar.stop();
  }
  let reason: string | null = null;
  if (failed > 0) {
    const unsent = await agency.ports.outbox.list({ sent: false });
    reason = unsent.find((m) => m.lastError)?.lastError?.split('\n')[0] ?? null;
  }
  return { sent, failed, reason };
}
