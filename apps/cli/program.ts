import { Command, CommanderError } from 'commander';
import { checkActingAs } from './command-permissions.js';
import { registerBackup, registerRestore } from './commands/backup.js';
import { registerCreateAdmin } from './commands/create-admin.js';
import { registerDeactivateStaff } from './commands/deactivate-staff.js';
import { registerListStaff } from './commands/list-staff.js';
import { registerEraseUser } from './commands/erase-user.js';
import { registerExportApplications } from './commands/export-applications.js';
import { registerExportUser } from './commands/export-user.js';
import { registerGovernmentFee } from './commands/government-fee.js';
import { registerRules } from './commands/rules.js';
import { registerPortalStatus } from './commands/portal-status.js';
import { registerJobs } from './commands/jobs.js';
import { registerMigrate } from './commands/migrate.js';
import { registerPurgeDocuments } from './commands/purge-documents.js';
import { registerReconcilePayments } from './commands/reconcile-payments.js';
import { registerSeedDemo } from './commands/seed-demo.js';
import { registerSendReminders } from './commands/send-reminders.js';
import { registerSweepOrphanFiles } from './commands/sweep-orphan-files.js';
import { registerVerifyAudit } from './commands/verify-audit.js';
import { registerEncryptFiles, registerRotateFileKey } from './commands/file-encryption.js';
import { describeFailure, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './errors.js';

export function buildProgram(): Command {
  const program = new Command('evisa')
    .description(
      'Operator commands of the Egypt e-visa agency. They use the same environment as the server ' +
        '(DATA_DIR, DATABASE_URL, STORAGE_URL, FILE_ENCRYPTION_KEYS, MAIL_URL, STRIPE_*, PUBLIC_URL, AGENCY_EMAIL).',
    )
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureHelp({ sortSubcommands: false })
    .option('--as <email>', "check the command against this member of staff's role first (apps/cli/command-permissions.ts)")
    .hook('preAction', async (program, command) => {
      const as = program.opts<{ as?: string }>().as;
      if (as !== undefined) await checkActingAs(as, command);
    })
    .addHelpText(
      'after',
      `
Exit codes: 0 done, 1 failed (or refused by --as), 2 bad usage (a bad flag, bad configuration or a refused confirmation).

Every command needs a permission of the staff roles (docs/product.md §6). Run from the shell, a
command has every right; with --as <staff email> it is refused unless that member of staff's role
allows it (e.g. \`evisa --as rita@agency.example export-applications\`).

Example:
  $ DATA_DIR=./data evisa migrate
  $ evisa create-admin --email ops@agency.example --password 'long-secret' --name 'Ops Team' --phone '+441234567890'`,
    );

  registerMigrate(program);
  registerCreateAdmin(program);
  registerListStaff(program);
  registerDeactivateStaff(program);
  registerSendReminders(program);
  registerExportApplications(program);
  registerReconcilePayments(program);
  registerGovernmentFee(program);
  registerRules(program);
  registerPortalStatus(program);
  registerExportUser(program);
  registerEraseUser(program);
  registerPurgeDocuments(program);
  registerSweepOrphanFiles(program);
  registerVerifyAudit(program);
  registerJobs(program);
  registerBackup(program);
  registerRestore(program);
  registerSeedDemo(program);
  registerEncryptFiles(program);
  registerRotateFileKey(program);

  // Every subcommand reports usage errors through the same override (exit 2, one line).
  for (const command of program.commands) for (const c of [command, ...command.commands]) c.exitOverride().showSuggestionAfterError(true);
  return program;
}

/** Runs the CLI and answers the exit code; never throws, never prints a stack trace. */
export async function run(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return Number(process.exitCode ?? EXIT_OK) || EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed its one-line message (or the help text).
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      if (error.code === 'commander.help') return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
      if (error.code === 'commander.executeSubCommandAsync') return EXIT_FAILED;
      return EXIT_USAGE;
    }
    const failure = describeFailure(error);
    process.stderr.write(`Error: ${failure.message}\n`);
    if (process.env.EVISA_DEBUG === '1' && error instanceof Error) process.stderr.write(`${error.stack ?? ''}\n`);
    return failure.exitCode;
  }
}
