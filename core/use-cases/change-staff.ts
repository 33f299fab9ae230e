import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import type { StaffChange } from '../ports/user-repository.js';
import { parseInput } from '../schemas/parse.js';
import { staffChangeSchema } from '../schemas/staff.js';
import { auditEntry } from './audit.js';
import { requirePermission } from './shared.js';
import { appliedStaffChange, SELF_DEACTIVATION_MESSAGE, type StaffMember } from './staff-member.js';
import type { Actor } from './types.js';

/** `{ role }` or `{ active }` for a member of staff (applicants are not staff: NotFound); needs 'staff.manage'. */
export function makeChangeStaff(ports: Pick<Ports, 'users' | 'clock' | 'audit'>) {
  return async function changeStaff(actor: Actor, userId: number, input: unknown): Promise<StaffMember> {
    requirePermission(actor, 'staff.manage');
    const change = parseInput(staffChangeSchema, input);
    const target = await ports.users.findById(userId);
    if (!target?.isAdmin) throw errors.notFound('Staff member');
    if ('active' in change && !change.active && userId === actor.userId) throw errors.validation(SELF_DEACTIVATION_MESSAGE);
    const staffChange: StaffChange = 'role' in change ? { role: change.role } : { deactivatedAt: change.active ? null : ports.clock.now() };
    const target_ = { type: 'user', id: userId };
    // Written with the change, or not at all when it is refused (decision 0010).
    const audit =
      'role' in change
        ? auditEntry(ports, actor, { action: 'staff.role_changed', target: target_, before: { role: target.role }, after: { role: change.role } })
        : auditEntry(ports, actor, { action: change.active ? 'staff.reactivated' : 'staff.deactivated', target: target_, before: { active: !target.deactivatedAt }, after: { active: change.active } });
    return appliedStaffChange(await ports.users.updateStaff(userId, staffChange, [audit]));
  };
}
