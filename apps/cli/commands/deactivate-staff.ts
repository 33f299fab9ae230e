import type { Command } from 'commander';
import { errors } from '../../../core/domain/errors.js';
import { normaliseEmail } from '../../../core/domain/user.js';
import { emailField } from '../../../core/schemas/fields.js';
import { actingAs } from '../command-permissions.js';
import { withAgency } from '../context.js';
import { createReporter } from '../output.js';
import { checkFlag } from '../validate.js';

export function registerDeactivateStaff(program: Command): void {
  program
    .command('deactivate-staff')
    .description('Deactivate a member of staff: they can no longer sign in and their sessions end. The last active admin is refused.')
    .argument('<email>', "the member of staff's email")
    .addHelpText(
      'after',
      `
Reactivate them from the Staff page, or with create-admin --role <role> on the same email.

Example:
  $ evisa deactivate-staff rita@agency.example
  Deactivated rita@agency.example (reviewer); their sessions have ended.`,
    )
    .action(async (rawEmail: string) => {
      const email = normaliseEmail(checkFlag('<email>', emailField, rawEmail));
      const out = createReporter();
      await withAgency(async (agency) => {
        const user = await agency.ports.users.findByEmail(email);
        if (!user?.isAdmin) throw errors.notFound('Staff member', `No member of staff has the email ${email}.`);
        const member = await agency.useCases.changeStaff(actingAs(), user.id, { active: false });
        out.summary(`Deactivated ${member.email} (${member.role}); their sessions have ended.`);
      });
    });
}
