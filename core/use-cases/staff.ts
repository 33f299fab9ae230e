import type { Ports } from '../ports/index.js';
import { makeAddStaff } from './add-staff.js';
import { makeChangeStaff } from './change-staff.js';
import { makeListStaff } from './list-staff.js';

export { LAST_ADMIN_MESSAGE, SELF_DEACTIVATION_MESSAGE, toStaffMember, type StaffMember } from './staff-member.js';

/**
 * Staff accounts and their roles (docs/product.md §6): list them, add one (invited by mail to choose
 * a password), change a role, deactivate or reactivate. All need 'staff.manage'. The last active
 * admin can be neither demoted nor deactivated (the repository refuses it in the same write), and
 * nobody deactivates themselves.
 * The group's face: each verb is its own file (list-staff.ts, add-staff.ts, change-staff.ts).
 */
export function makeStaff(ports: Pick<Ports, 'users' | 'hasher' | 'ids' | 'outbox' | 'clock' | 'secrets' | 'audit'>) {
  return { listStaff: makeListStaff(ports), addStaff: makeAddStaff(ports), changeStaff: makeChangeStaff(ports) };
}
