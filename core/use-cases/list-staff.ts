import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import { toStaffMember, type StaffMember } from './staff-member.js';
import type { Actor } from './types.js';

/** The staff accounts and their roles (docs/product.md §6); needs 'staff.manage'. */
export function makeListStaff(ports: Pick<Ports, 'users'>) {
  return async function listStaff(actor: Actor): Promise<StaffMember[]> {
    requirePermission(actor, 'staff.manage');
    return (await ports.users.listStaff()).map(toStaffMember);
  };
}
