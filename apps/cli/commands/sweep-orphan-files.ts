import type { Command } from 'commander';
import { ORPHAN_GRACE_HOURS } from '../../../core/use-cases/sweep-orphan-files.js';
import { withAgency } from '../context.js';
import { createReporter, plural } from '../output.js';
import { wholeNumber } from '../validate.js';

interface Flags {
  graceHours: number;
  dryRun?: boolean;
}

/** The sweep's summary line, shared with the retention run (purge-documents). */
export function describeSweep(result: { checked: number; orphans: number; deleted: number }, dryRun: boolean, graceHours: number): string {
  const orphans = `${plural(result.orphans, 'stored file')} with no record, older than ${plural(graceHours, 'hour')}`;
  return dryRun
    ? `Dry run: ${orphans}, would be deleted (${plural(result.checked, 'file')} checked).`
    : `Deleted ${plural(result.deleted, 'stored file')} with no record, older than ${plural(graceHours, 'hour')} (${plural(result.checked, 'file')} checked).`;
}

export function registerSweepOrphanFiles(program: Command): void {
  program
    .command('sweep-orphan-files')
    .description('Delete stored files that no document record points at (left by a crash mid-upload), older than a grace period.')
    .option('--grace-hours <hours>', `leave files younger than this alone (default ${ORPHAN_GRACE_HOURS})`, wholeNumber({ min: 1, max: 8760 }), ORPHAN_GRACE_HOURS)
    .option('--dry-run', 'count what would be deleted; delete nothing')
    .addHelpText(
      'after',
      `
The retention run (purge-documents) ends with the same sweep. Run either daily from a scheduler.

Example:
  $ evisa sweep-orphan-files --dry-run
  Dry run: 2 stored files with no record, older than 24 hours, would be deleted (1,204 files checked).`,
    )
    .action(async (flags: Flags) => {
      const out = createReporter();
      const dryRun = Boolean(flags.dryRun);
      await withAgency(async (agency) => {
        const result = await agency.useCases.sweepOrphanFiles({ graceHours: flags.graceHours, dryRun });
        out.summary(describeSweep(result, dryRun, flags.graceHours));
      });
    });
}
