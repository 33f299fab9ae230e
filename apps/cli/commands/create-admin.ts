import { Option, type Command } from 'commander';
import { registrationSchema } from '../../../core/schemas/auth.js';
import { staffRoleField } from '../../../core/schemas/staff.js';
import { withAgency } from '../context.js';
import { createReporter } from '../output.js';
import { checkFlag, checkFlags } from '../validate.js';

interface Flags {
  email: string;
  password: string;
  name: string;
  phone: string;
  role: string;
}

export function registerCreateAdmin(program: Command): void {
  program
    .command('create-admin')
    .description('Create a member of staff (an administrator unless --role says otherwise), or make the existing user with this email staff with that role.')
    .addOption(new Option('--email <email>', "the admin's email (sign-in name)").makeOptionMandatory())
    .addOption(new Option('--password <password>', 'at least 6 characters (used only when the account is created)').makeOptionMandatory())
    .addOption(new Option('--name <fullName>', 'full name').makeOptionMandatory())
    .addOption(new Option('--phone <phoneNumber>', 'phone number, at least 10 characters').makeOptionMandatory())
    .option('--role <role>', 'admin, reviewer, finance or support', 'admin')
    .addHelpText(
      'after',
      `
An existing user keeps their password and details and is only given the role (and reactivated).
Making the last active admin something else is refused.

Example:
  $ evisa create-admin --email ops@agency.example --password 'long-secret' --name 'Ops Team' --phone '+441234567890'
  Created admin ops@agency.example (user 1).
  $ evisa create-admin --email rita@agency.example --password 'long-secret' --name 'Rita' --phone '+441234567891' --role reviewer
  Created reviewer rita@agency.example (user 2).`,
    )
    .action(async (flags: Flags) => {
      const input = checkFlags(
        registrationSchema,
        { email: flags.email, password: flags.password, fullName: flags.name, phoneNumber: flags.phone },
        { email: '--email', password: '--password', fullName: '--name', phoneNumber: '--phone' },
      );
      const role = checkFlag('--role', staffRoleField, flags.role);
      const out = createReporter();
      await withAgency(async (agency) => {
        const { user, created } = await agency.useCases.createAdmin({ ...input, role });
        out.summary(created ? `Created ${role} ${user.email} (user ${user.id}).` : `Promoted existing user ${user.email} (user ${user.id}) to ${role}; their password is unchanged.`);
      });
    });
}
