import { staffDisplayName } from '../domain/assignment.js';
import type { StaffRole } from '../domain/staff-role.js';
import { staffRoleOf } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** A member of staff as the assignment choice lists them (GET /api/admin/assignees). */
export interface AssignableStaff {
  id: number;
  fullName: string;
  role: StaffRole;
}

/**
 * The colleagues an application can be given to (the side panel's "Reassign to"): active staff,
 * oldest first, by name and role only — for anyone who may assign, not only who manages staff.
 */
export function makeListAssignableStaff(ports: Pick<Ports, 'users'>) {
  return async function listAssignableStaff(actor: Actor): Promise<AssignableStaff[]> {
    requirePermission(actor, 'applications.assign');
    const staff = await ports.users.listStaff();
    return staff.filter((user) => user.deactivatedAt === null).map((user) => ({ id: user.id, fullName: staffDisplayName(user), role: staffRoleOf(user) ?? 'admin' }));
  };
}
