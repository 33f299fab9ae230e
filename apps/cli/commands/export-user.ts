import { actingAs } from '../command-permissions.js';
import { Option, type Command } from 'commander';
import { emailField } from '../../../core/schemas/fields.js';
import { documentFileUrl } from '../../../core/domain/document.js';
import { withAgency } from '../context.js';
import { createReporter, openDestination, plural, writeChunk } from '../output.js';
import { checkFlag } from '../validate.js';

interface Flags {
  email: string;
  out?: string;
}

export function registerExportUser(program: Command): void {
  program
    .command('export-user')
    .description('Answer a data-protection access request: all personal data, applications, payments, receipts, status history and documents of one user, as JSON.')
    .addOption(new Option('--email <email>', "the user's email").makeOptionMandatory())
    .option('--out <file>', 'write to this file instead of stdout')
    .addHelpText(
      'after',
      `
The answer lists the documents (name, type, dates) but does not include the files themselves.

Example:
  $ evisa export-user --email jane@example.com --out jane-access-request.json
  Exported the data of jane@example.com (2 applications, 3 payments, 4 documents) to /srv/jane-access-request.json.`,
    )
    .action(async (flags: Flags) => {
      const email = checkFlag('--email', emailField, flags.email);
      const destination = await openDestination(flags.out);
      const out = createReporter({ dataOnStdout: destination.toStdout });
      try {
        const data = await withAgency((agency) => agency.useCases.exportUserData(email, actingAs()));
        const answer = {
          generatedAt: new Date().toISOString(),
          subject: data.user.email,
          ...data,
          documents: data.documents.map((d) => ({ ...d, fileUrl: documentFileUrl(d.id) })),
        };
        await writeChunk(destination.stream, `${JSON.stringify(answer, null, 2)}\n`);
        await destination.finish();
        out.summary(
          `Exported the data of ${data.user.email} (${plural(data.applications.length, 'application')}, ` +
            `${plural(data.payments.length, 'payment')}, ${plural(data.documents.length, 'document')}, ` +
            `${plural(data.statusHistory.length, 'status change')}, ${plural(data.contactEnquiries.length, 'contact enquiry', 'contact enquiries')}) ` +
            `to ${destination.label}.`,
        );
      } catch (error) {
        await destination.abort();
        throw error;
      }
    });
}
