import { Option, type Command } from 'commander';
import { ORPHAN_GRACE_HOURS } from '../../../core/use-cases/sweep-orphan-files.js';
import { withAgency } from '../context.js';
import { describeSweep } from './sweep-orphan-files.js';
import { createReporter, plural } from '../output.js';
import { wholeNumber } from '../validate.js';

interface Flags {
  olderThan: number;
  dryRun?: boolean;
}

export function registerPurgeDocuments(program: Command): void {
  program
    .command('purge-documents')
    .description(
      'Retention policy: delete the traveller’s papers — passport copies and reply documents, files and records — of applications finished (final payment received or rejected) more than DAYS days ago.',
    )
    .addOption(new Option('--older-than <days>', 'days since the application finished').argParser(wholeNumber({ min: 1, max: 36_500 })).makeOptionMandatory())
    .option('--dry-run', 'count what would be deleted; delete nothing')
    .addHelpText(
      'after',
      `
Visa documents and the applications themselves are kept. The run ends by sweeping stored files
that no record points at (sweep-orphan-files, ${ORPHAN_GRACE_HOURS} hours' grace). Run it daily from a scheduler.

Example:
  $ evisa purge-documents --older-than 90 --dry-run
  Dry run: 12 documents (passport copies and replies; 12 files) of applications finished more than 90 days ago would be deleted.
  $ evisa purge-documents --older-than 90`,
    )
    .action(async (flags: Flags) => {
      const out = createReporter();
      const dryRun = Boolean(flags.dryRun);
      await withAgency(async (agency) => {
        const result = await agency.useCases.purgeDocuments({ olderThanDays: flags.olderThan, dryRun });
        const what = `${plural(result.documents, 'document')} (passport copies and replies; ${plural(result.files, 'file')})`;
        out.line(
          dryRun
            ? `Dry run: ${what} of applications finished more than ${flags.olderThan} days ago would be deleted.`
            : `Deleted ${what} of applications finished more than ${flags.olderThan} days ago.`,
        );
        const swept = await agency.useCases.sweepOrphanFiles({ graceHours: ORPHAN_GRACE_HOURS, dryRun });
        out.summary(describeSweep(swept, dryRun, ORPHAN_GRACE_HOURS));
      });
    });
}
