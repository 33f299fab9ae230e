import type { Command } from 'commander';
import { formatPence } from '../../../core/domain/money.js';
import { withAgency } from '../context.js';
import { CommandFailed } from '../errors.js';
import { createReporter, plural } from '../output.js';
import { isoDate } from '../validate.js';

interface Flags {
  since?: Date;
  fix?: boolean;
}

const DEFAULT_DAYS = 30;

export function registerReconcilePayments(program: Command): void {
  program
    .command('reconcile-payments')
    .description('Compare the payments the gateway reports as succeeded with those recorded; --fix records the missing ones.')
    .option('--since <date>', `gateway payments created on or after this date (default: ${DEFAULT_DAYS} days ago)`, isoDate)
    .option('--fix', 'record each missing payment through the same use case as the confirm route')
    .addHelpText(
      'after',
      `
Exits 1 while a mismatch remains (so a scheduler can alert), 0 when everything matches or was fixed.

Example:
  $ evisa reconcile-payments --since 2026-11-01
  pi_3Q… application 42 initial £10.00: succeeded at the gateway but not recorded
  Checked 130 gateway payments: 1 mismatch (run with --fix to record it).
  $ evisa reconcile-payments --since 2026-11-01 --fix`,
    )
    .action(async (flags: Flags) => {
      const out = createReporter();
      await withAgency(async (agency) => {
        const since = flags.since ?? new Date(agency.ports.clock.now().getTime() - DEFAULT_DAYS * 86_400_000);
        const fix = Boolean(flags.fix);
        if (agency.ports.gateway.name !== 'stripe') {
          out.warn(
            'Note: the built-in test payment provider keeps its payments in the memory of the process that took them; ' +
              'configure STRIPE_* to reconcile real payments.',
          );
        }
        const result = await agency.useCases.reconcilePayments({ since, fix });
        let unresolved = 0;
        for (const m of result.missing) {
          const app = m.applicationId === null ? 'no application' : `application ${m.applicationId}`;
          const what = `${m.paymentIntentId} ${app} ${m.paymentType ?? 'unknown fee'} ${formatPence(m.amount)}`;
          if (m.fixed) out.line(`${what}: recorded now`);
          else {
            unresolved++;
            out.line(`${what}: ${m.problem ?? 'succeeded at the gateway but not recorded'}`);
          }
        }
        const head = `Checked ${plural(result.checked, 'gateway payment')} since ${since.toISOString()}`;
        if (result.missing.length === 0) {
          out.summary(`${head}: every succeeded payment is recorded.`);
          return;
        }
        const fixed = result.missing.length - unresolved;
        if (unresolved === 0) {
          out.summary(`${head}: ${plural(result.missing.length, 'mismatch', 'mismatches')}, all recorded now.`);
          return;
        }
        throw new CommandFailed(
          `${head}: ${plural(result.missing.length, 'mismatch', 'mismatches')}` +
            (fix ? `, ${fixed} recorded, ${unresolved} could not be recorded (see above).` : ' (run with --fix to record them).'),
        );
      });
    });
}
