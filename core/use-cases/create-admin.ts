import type { StaffRole } from '../domain/staff-role.js';
import { normaliseEmail, toPublicUser, type PublicUser } from '../domain/user.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { registrationSchema } from '../schemas/auth.js';
import { parseInput } from '../schemas/parse.js';
import { LAST_ADMIN_MESSAGE } from './staff.js';

/**
 * Operator task (CLI): creates a member of staff with `role` (default admin), or makes the existing
 * account with this email staff with that role, reactivated (its password and details are left as
 * they are). Demoting the last active admin this way is refused like anywhere else.
 */
export function makeCreateAdmin(ports: Pick<Ports, 'users' | 'hasher' | 'clock'>) {
  return async function createAdmin(input: { email: string; password: string; fullName: string; phoneNumber: string; role?: StaffRole }): Promise<{ user: PublicUser; created: boolean }> {
    const data = parseInput(registrationSchema, input);
    const role = input.role ?? 'admin';
    const email = normaliseEmail(data.email);
    const existing = await ports.users.findByEmail(email);
    if (existing) {
      const result = await ports.users.updateStaff(existing.id, { role, deactivatedAt: null });
      if (!('user' in result)) throw result.refused === 'last-admin' ? errors.conflict(LAST_ADMIN_MESSAGE) : errors.notFound('User');
      return { user: toPublicUser(result.user), created: false };
    }
    const user = await ports.users.create({
      email,
      passwordHash: await ports.hasher.hash(data.password),
      fullName: data.fullName,
      phoneNumber: data.phoneNumber,
      isAdmin: true,
      role,
      deactivatedAt: null,
      needsPasswordChange: false,
      applicationReminderSent: null,
      createdAt: ports.clock.now(),
    });
    return { user: toPublicUser(user), created: true };
  };
}
