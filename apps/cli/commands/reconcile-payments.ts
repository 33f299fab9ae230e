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
    .description('Compare the payments the gateway reports as succeeded, and its refunds, with those recorded; --fix records the missing ones (refunds made outside the product too).')
    .option('--since <date>', `gateway payments created on or after this date (default: ${DEFAULT_DAYS} days ago)`, isoDate)
    .option('--fix', 'record each missing payment through the same use case as the confirm route')
    .addHelpText(
      'after',
      `
Exits 1 while a mismatch remains (so a scheduler can alert), 0 when everything matches or was fixed.

Example:
  $ evisa reconcile-payments --since 2026-11-01
  pi_3Q… application 42 initial £10.00: succeeded at the gateway but not recorded
  re_3R… application 42 initial £5.00: refunded at the gateway outside the product (succeeded)
  Checked 130 gateway payments: 2 mismatches (run with --fix to record them).
  $ evisa reconcile-payments --since 2026-11-01 --fix`,
    )
    .action(async (flags: Flags) => {
      const out = createReporter();
      await withAgency(async (agency) => {
        const since = flags.since ?? new Date(agency.ports.clock.now().getTime() - DEFAULT_DAYS * 86_400_000);
        const fix = Boolean(flags.fix);
        if (agency.ports.gateway.name !== 'stripe') {
          out.warn('Note: the built-in test payment provider keeps its payments in the memory of the process that took them; ' + 'configure STRIPE_* to reconcile real payments.');
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
        // Refunds the gateway made that the product lacks (docs/product.md §4.7), or has not settled.
        for (const r of result.refunds) {
          const app = r.applicationId === null ? 'no application' : `application ${r.applicationId}`;
          const what = `${r.gatewayRefundId} ${app} ${r.paymentType ?? 'unknown fee'} ${formatPence(r.amount)}`;
          if (r.fixed) out.line(`${what}: recorded now`);
          else {
            unresolved++;
            const why =
              r.applicationId === null ? 'a refund of a payment no application records' : r.known ? `${r.status} at the gateway, still pending here` : 'refunded at the gateway outside the product';
            out.line(`${what}: ${why} (${r.status})`);
          }
        }
        const mismatches = result.missing.length + result.refunds.length;
        const head = `Checked ${plural(result.checked, 'gateway payment')} since ${since.toISOString()}`;
        if (mismatches === 0) {
          out.summary(`${head}: every succeeded payment is recorded.`);
          return;
        }
        const fixed = mismatches - unresolved;
        if (unresolved === 0) {
          out.summary(`${head}: ${plural(mismatches, 'mismatch', 'mismatches')}, all recorded now.`);
          return;
        }
        throw new CommandFailed(
          `${head}: ${plural(mismatches, 'mismatch', 'mismatches')}` + (fix ? `, ${fixed} recorded, ${unresolved} could not be recorded (see above).` : ' (run with --fix to record them).'),
        );
      });
    });
}
