import { actingAs } from '../command-permissions.js';
import readline from 'node:readline/promises';
import { Option, type Command } from 'commander';
import { emailField } from '../../../core/schemas/fields.js';
import { withAgency } from '../context.js';
import { UsageError } from '../errors.js';
import { createReporter, plural } from '../output.js';
import { checkFlag } from '../validate.js';

interface Flags {
  email: string;
  yes?: boolean;
}

export function registerEraseUser(program: Command): void {
  program
    .command('erase-user')
    .description('Answer a data-protection erasure request: remove the personal data, applications, documents and stored files of one user. Payment records are kept, anonymised, for accounting.')
    .addOption(new Option('--email <email>', "the user's email").makeOptionMandatory())
    .option('--yes', 'do not ask for confirmation (required when not run from a terminal)')
    .addHelpText(
      'after',
      `
On a terminal it shows what will be erased and asks you to type the email to confirm. Without a
terminal (a script, a scheduler) it refuses unless --yes is given.

Example:
  $ evisa erase-user --email jane@example.com
  $ evisa erase-user --email jane@example.com --yes
  Erased jane@example.com: 2 applications, 3 documents, 3 stored files; 3 payments and 3 receipts kept anonymised.`,
    )
    .action(async (flags: Flags) => {
      const email = checkFlag('--email', emailField, flags.email);
      const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
      if (!flags.yes && !interactive) {
        throw new UsageError(`Refusing to erase ${email} without confirmation: not a terminal, so pass --yes to confirm.`);
      }
      const out = createReporter();
      await withAgency(async (agency) => {
        // Also answers "not found" before anything is asked or erased.
        const data = await agency.useCases.exportUserData(email, actingAs());
        if (!flags.yes) {
          out.line(
            `About to erase ${data.user.email} (${data.user.fullName}): ${plural(data.applications.length, 'application')}, ` +
              `${plural(data.documents.length, 'document')} with their files, ${plural(data.statusHistory.length, 'status change')}; ` +
              `${plural(data.payments.length, 'payment')} and ${plural(data.receipts.length, 'receipt')} will be kept anonymised. This cannot be undone.`,
          );
          const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
          let answer: string;
          try {
            answer = await rl.question(`Type the email (${data.user.email}) to confirm: `);
          } finally {
            rl.close();
          }
          if (answer.trim().toLowerCase() !== data.user.email.toLowerCase()) {
            throw new UsageError('Not confirmed: nothing was erased.');
          }
        }
        const result = await agency.useCases.eraseUser(email, actingAs());
        out.summary(
          `Erased ${data.user.email}: ${plural(result.applications, 'application')}, ${plural(result.documents, 'document')}, ` +
            `${plural(result.files, 'stored file')}; ${plural(result.paymentsAnonymised, 'payment')} and ${plural(result.receiptsAnonymised, 'receipt')} kept anonymised.`,
        );
      });
    });
}
