import type { Command } from 'commander';
import { describeDatabase, withAgency } from '../context.js';
import { createReporter, seconds } from '../output.js';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('Apply pending database migrations (safe to run again on a migrated database).')
    .addHelpText(
      'after',
      `
Example:
  $ DATABASE_URL=postgres://postgres@127.0.0.1:5432/agency evisa migrate
  Migrated PostgreSQL database agency at 127.0.0.1:5432 in 0.4 s.`,
    )
    .action(async () => {
      const out = createReporter();
      const started = performance.now();
      await withAgency(
        async (agency) => {
          await agency.persistence.migrate();
          out.summary(`Migrated ${describeDatabase(agency)} in ${seconds(performance.now() - started)}.`);
        },
        { migrate: false },
      );
    });
}
