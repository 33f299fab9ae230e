import { Option, type Command } from 'commander';
import { registrationSchema } from '../../../core/schemas/auth.js';
import { withAgency } from '../context.js';
import { createReporter } from '../output.js';
import { checkFlags } from '../validate.js';

interface Flags {
  email: string;
  password: string;
  name: string;
  phone: string;
}

export function registerCreateAdmin(program: Command): void {
  program
    .command('create-admin')
    .description('Create an administrator account, or promote the existing user with this email to administrator.')
    .addOption(new Option('--email <email>', "the admin's email (sign-in name)").makeOptionMandatory())
    .addOption(new Option('--password <password>', 'at least 6 characters (used only when the account is created)').makeOptionMandatory())
    .addOption(new Option('--name <fullName>', 'full name').makeOptionMandatory())
    .addOption(new Option('--phone <phoneNumber>', 'phone number, at least 10 characters').makeOptionMandatory())
    .addHelpText(
      'after',
      `
An existing user keeps their password and details and is only promoted.

Example:
  $ evisa create-admin --email ops@agency.example --password 'long-secret' --name 'Ops Team' --phone '+441234567890'
  Created admin ops@agency.example (user 1).`,
    )
    .action(async (flags: Flags) => {
      const input = checkFlags(
        registrationSchema,
        { email: flags.email, password: flags.password, fullName: flags.name, phoneNumber: flags.phone },
        { email: '--email', password: '--password', fullName: '--name', phoneNumber: '--phone' },
      );
      const out = createReporter();
      await withAgency(async (agency) => {
        const { user, created } = await agency.useCases.createAdmin(input);
        out.summary(
          created
            ? `Created admin ${user.email} (user ${user.id}).`
            : `Promoted existing user ${user.email} (user ${user.id}) to admin; their password is unchanged.`,
        );
      });
    });
}
