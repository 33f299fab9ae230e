import { InvalidArgumentError, type Command } from 'commander';
import { formatPence } from '../../../core/domain/money.js';
import { formatUsdCents, type GovernmentFee } from '../../../core/domain/portal-ledger.js';
import { isCalendarDate } from '../../../core/schemas/dates.js';
import { minorUnitsOf } from '../../../core/schemas/portal.js';
import { actingAs } from '../command-permissions.js';
import { withAgency } from '../context.js';
import { createReporter, plural } from '../output.js';

function calendarDate(value: string): string {
  const trimmed = value.trim();
  if (!isCalendarDate(trimmed)) throw new InvalidArgumentError(`It must be a date such as 2026-12-01 (got '${value}').`);
  return trimmed;
}

function amount(value: string): number {
  const minor = minorUnitsOf(value);
  if (minor === null) throw new InvalidArgumentError(`It must be an amount more than 0 with at most 2 decimals, such as 45.00 (got '${value}').`);
  return minor;
}

const describeFee = (fee: Pick<GovernmentFee, 'effectiveFrom' | 'amountCents' | 'pence'>) => `from ${fee.effectiveFrom}: ${formatUsdCents(fee.amountCents)} booked at ${formatPence(fee.pence)}`;

/** `evisa government-fee list | set` (docs/product.md §2.16): the dated government fee configuration. */
export function registerGovernmentFee(program: Command): void {
  const command = program.command('government-fee').description("The government fee Egypt's portal charges per visa, as dated configuration (the portal ledger books paid fees at it).");

  command
    .command('list')
    .description('List the government fee entries, oldest first, marking the one in effect today.')
    .addHelpText(
      'after',
      `
Example:
  $ evisa government-fee list
  from 2020-01-01: US$25.00 booked at £19.75
  from 2026-12-01: US$45.00 booked at £35.55  (in effect today)`,
    )
    .action(async () => {
      const out = createReporter();
      await withAgency(async (agency) => {
        const { fees, current } = await agency.useCases.listGovernmentFees(actingAs());
        for (const fee of fees) out.line(`${describeFee(fee)}${current?.effectiveFrom === fee.effectiveFrom ? '  (in effect today)' : ''}`);
        out.summary(`${plural(fees.length, 'entry', 'entries')}.`);
      });
    });

  command
    .command('set')
    .description('Set the government fee from a date on (a past date corrects the configuration; an entry of the same date is replaced).')
    .requiredOption('--from <date>', 'the London date it takes effect, YYYY-MM-DD', calendarDate)
    .requiredOption('--usd <amount>', 'what the portal charges a visa, in US dollars (e.g. 45.00)', amount)
    .requiredOption('--gbp <amount>', 'what the agency books one such fee at, in pounds (e.g. 35.55)', amount)
    .addHelpText(
      'after',
      `
Fees already recorded on the portal ledger keep the pounds they were booked at.

Example:
  $ evisa government-fee set --from 2026-12-01 --usd 45.00 --gbp 35.55
  Set the government fee from 2026-12-01: US$45.00 booked at £35.55 (new entry).`,
    )
    .action(async (flags: { from: string; usd: number; gbp: number }) => {
      const out = createReporter();
      await withAgency(async (agency) => {
        const { fee, previous } = await agency.useCases.setGovernmentFee(actingAs(), { effectiveFrom: flags.from, amountCents: flags.usd, pence: flags.gbp });
        const was = previous ? `was ${formatUsdCents(previous.amountCents)} booked at ${formatPence(previous.pence)}` : 'new entry';
        out.line(`Set the government fee ${describeFee(fee)} (${was}).`);
      });
    });
}
