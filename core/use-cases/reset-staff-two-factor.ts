import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/**
 * Staff with 'staff.manage' clear a member of staff's two-factor sign-in (a lost phone): the
 * secret, the recovery codes and every session of theirs end; they set it up again at their next
 * sign-in. Only staff accounts: anyone else is "not found".
 */
export function makeResetStaffTwoFactor(ports: Pick<Ports, 'users' | 'twoFactor' | 'sessions' | 'clock' | 'audit'>) {
  return async function resetStaffTwoFactor(actor: Actor, userId: number): Promise<void> {
    requirePermission(actor, 'staff.manage');
    const user = await ports.users.findById(userId);
    if (!user?.isAdmin) throw errors.notFound('Staff member');
    await ports.twoFactor.disable(user.id, [auditEntry(ports, actor, { action: 'two_factor.reset', target: { type: 'user', id: user.id } })]);
    await ports.sessions.deleteAllForUser(user.id);
  };
}
