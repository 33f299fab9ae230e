import type { Command } from 'commander';
import type { Permission } from '../../core/domain/permissions.js';
import { errors } from '../../core/domain/errors.js';
import { roleAllows } from '../../core/domain/permissions.js';
import { staffRoleOf } from '../../core/domain/user.js';
import type { Actor } from '../../core/use-cases/use-cases.js';
import { CLI_OPERATOR } from '../../core/use-cases/audit.js';
import { withAgency } from './context.js';

/**
 * The permission (core/domain/permissions.ts, the table every admin route reads too) each command
 * needs. The CLI runs as the server's operator, with shell and database access: without `--as` a
 * command runs with every right. `--as <staff email>` checks the command against that member of
 * staff's role first and refuses it otherwise (exit 1) — a guard for operators who run commands on
 * a colleague's behalf, not a security boundary against the shell. A test keeps every registered
 * command in this table.
 */
export const COMMAND_PERMISSIONS = {
  migrate: 'operations.run',
  'create-admin': 'staff.manage',
  'list-staff': 'staff.manage',
  'deactivate-staff': 'staff.manage',
  'send-reminders': 'applicants.contact',
  'export-applications': 'personal-data.manage',
  'reconcile-payments': 'payments.manage',
  // Setting the fee is finance's; listing it needs no more than reading applications, but the table names one permission per command.
  'government-fee': 'payments.manage',
  rules: 'rules.manage',
  'portal-status': 'operations.run',
  'export-user': 'personal-data.manage',
  'erase-user': 'personal-data.manage',
  'purge-documents': 'operations.run',
  'sweep-orphan-files': 'operations.run',
  jobs: 'operations.run',
  'verify-audit': 'audit.read',
  'seed-demo': 'operations.run',
  'encrypt-files': 'operations.run',
  'rotate-file-key': 'operations.run',
  backup: 'operations.run',
  restore: 'operations.run',
} as const satisfies Record<string, Permission>;

let acting: Actor = CLI_OPERATOR;

/** Who the running command acts as: the `--as` member of staff once checked, else the operator. */
export function actingAs(): Actor {
  return acting;
}

/** The top-level command `command` belongs to ('jobs' for `jobs retry`). */
function topLevelName(command: Command): string {
  let current = command;
  while (current.parent?.parent) current = current.parent;
  return current.name();
}

/**
 * Refuses the command unless `email` is an active member of staff whose role has the command's
 * permission; then the command acts as them.
 */
export async function checkActingAs(email: string, command: Command): Promise<void> {
  const name = topLevelName(command);
  const permission = (COMMAND_PERMISSIONS as Record<string, Permission | undefined>)[name];
  if (!permission) throw new Error(`${name} names no permission in apps/cli/command-permissions.ts`);
  const user = await withAgency((agency) => agency.ports.users.findByEmail(email));
  const role = user && !user.deactivatedAt ? staffRoleOf(user) : null;
  if (!user || !role) throw errors.forbidden(`--as ${email}: no active member of staff has this email.`);
  if (!roleAllows(role, permission)) throw errors.forbidden(`--as ${user.email}: the role ${role} does not allow ${name} (${permission}).`);
  acting = { userId: user.id, isAdmin: true, email: user.email, role };
}
