import { errors } from '../domain/errors.js';
import type { StaffRole } from '../domain/staff-role.js';
import { staffRoleOf, type User } from '../domain/user.js';
import type { Ports } from '../ports/index.js';

/** A member of staff as the Staff page lists them (docs/product.md §7.6). */
export interface StaffMember {
  id: number;
  email: string;
  fullName: string;
  phoneNumber: string;
  role: StaffRole;
  active: boolean;
  /** Whether they sign in with a code from an authenticator app (§6.4); an admin can reset it. */
  twoFactorEnabled: boolean;
  createdAt: Date;
}

export function toStaffMember(user: User): StaffMember {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    phoneNumber: user.phoneNumber,
    role: staffRoleOf(user) ?? 'admin',
    active: user.deactivatedAt === null,
    twoFactorEnabled: Boolean(user.twoFactorEnabledAt),
    createdAt: user.createdAt,
  };
}

export const LAST_ADMIN_MESSAGE = 'The agency must keep at least one active admin: make another member of staff admin first.';
export const SELF_DEACTIVATION_MESSAGE = 'You cannot deactivate your own account. Ask another admin to do it.';
/** The bytes of the random password a new member of staff is created with (nobody knows it). */
export const UNUSABLE_PASSWORD_BYTES = 32;

/** The member of staff a repository's staff change left, or why it refused it. */
export function appliedStaffChange(result: Awaited<ReturnType<Ports['users']['updateStaff']>>): StaffMember {
  if ('user' in result) return toStaffMember(result.user);
  if (result.refused === 'last-admin') throw errors.conflict(LAST_ADMIN_MESSAGE);
  throw errors.notFound('Staff member');
}
