import { roleAllows, type Permission } from '@core/domain/permissions.js';
import type { StaffRole } from '@core/domain/staff-role.js';
import { useUserQuery } from '../api/user.js';

/**
 * Whether the signed-in user may do what `permission` names: the server's own table
 * (core/domain/permissions.ts), read from the user's `role`. The server refuses anyway (403); the
 * SPA only hides or disables what would be refused.
 */
export function userCan(user: { isAdmin: boolean; role: StaffRole | null } | null | undefined, permission: Permission): boolean {
  if (!user?.isAdmin) return false;
  return roleAllows(user.role ?? 'admin', permission);
}

/** `userCan` for the signed-in user. */
export function useCan(permission: Permission): boolean {
  return userCan(useUserQuery().data, permission);
}
