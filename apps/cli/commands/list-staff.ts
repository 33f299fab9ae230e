import type { Command } from 'commander';
import { actingAs } from '../command-permissions.js';
import { withAgency } from '../context.js';
import { createReporter, plural } from '../output.js';

/** Columns padded to their widest cell. */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

export function registerListStaff(program: Command): void {
  program
    .command('list-staff')
    .description('List the members of staff with their role and whether they can sign in.')
    .addHelpText(
      'after',
      `
Example:
  $ evisa list-staff
  id  email               name      role      active
  1   ops@agency.example  Ops Team  admin     yes
  2   rita@agency.example Rita      reviewer  no`,
    )
    .action(async () => {
      const out = createReporter();
      await withAgency(async (agency) => {
        const staff = await agency.useCases.listStaff(actingAs());
        const rows = staff.map((m) => [String(m.id), m.email, m.fullName, m.role, m.active ? 'yes' : 'no']);
        for (const line of table([['id', 'email', 'name', 'role', 'active'], ...rows])) out.line(line);
        out.summary(`${plural(staff.length, 'member')} of staff, ${staff.filter((m) => m.active).length} active.`);
      });
    });
}
