import { errors } from '../domain/errors.js';
import { createPasswordResetToken } from '../domain/password-reset.js';
import type { StaffRole } from '../domain/staff-role.js';
import { normaliseEmail, staffRoleOf, type User } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import type { StaffChange } from '../ports/user-repository.js';
import { parseInput } from '../schemas/parse.js';
import { newStaffSchema, staffChangeSchema } from '../schemas/staff.js';
import { recordAudit } from './audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

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
const UNUSABLE_PASSWORD_BYTES = 32;

/**
 * Staff accounts and their roles (docs/product.md §6): list them, add one (invited by mail to choose
 * a password), change a role, deactivate or reactivate. All need 'staff.manage'. The last active
 * admin can be neither demoted nor deactivated (the repository refuses it in the same write), and
 * nobody deactivates themselves.
 */
export function makeStaff(ports: Pick<Ports, 'users' | 'hasher' | 'ids' | 'outbox' | 'clock' | 'secrets' | 'audit'>) {
  function applied(result: Awaited<ReturnType<Ports['users']['updateStaff']>>): StaffMember {
    if ('user' in result) return toStaffMember(result.user);
    if (result.refused === 'last-admin') throw errors.conflict(LAST_ADMIN_MESSAGE);
    throw errors.notFound('Staff member');
  }

  async function listStaff(actor: Actor): Promise<StaffMember[]> {
    requirePermission(actor, 'staff.manage');
    return (await ports.users.listStaff()).map(toStaffMember);
  }

  /**
   * A new account with a random password nobody knows, and a mail with a link to choose one (a
   * password-reset token); an email that already has an account is made staff with this role
   * (reactivated if it was deactivated), its password and details unchanged.
   */
  async function addStaff(actor: Actor, input: unknown): Promise<{ member: StaffMember; created: boolean; message: string }> {
    requirePermission(actor, 'staff.manage');
    const data = parseInput(newStaffSchema, input);
    const email = normaliseEmail(data.email);
    const existing = await ports.users.findByEmail(email);
    if (existing) {
      const member = applied(await ports.users.updateStaff(existing.id, { role: data.role, deactivatedAt: null }));
      await recordAudit(ports, actor, {
        action: 'staff.created',
        target: { type: 'user', id: existing.id },
        before: { role: existing.isAdmin ? existing.role : null, active: !existing.deactivatedAt },
        after: { role: data.role, active: true },
      });
      return { member, created: false, message: `${email} already had an account: they are now staff with the role ${data.role}. Their password is unchanged.` };
    }
    const now = ports.clock.now();
    const user = await ports.users.create({
      email,
      passwordHash: await ports.hasher.hash(ports.ids.secret(UNUSABLE_PASSWORD_BYTES)),
      fullName: data.fullName,
      phoneNumber: data.phoneNumber,
      isAdmin: true,
      role: data.role,
      deactivatedAt: null,
      needsPasswordChange: false,
      applicationReminderSent: null,
      createdAt: now,
    });
    const resetToken = await createPasswordResetToken(user, ports.secrets.tokenKey, now);
    await ports.outbox.enqueue({ to: email, template: 'staff_invitation', data: { fullName: user.fullName, role: data.role, resetToken } }, now);
    await recordAudit(ports, actor, { action: 'staff.created', target: { type: 'user', id: user.id }, after: { role: data.role, active: true } });
    return { member: toStaffMember(user), created: true, message: `Created ${email} with the role ${data.role}; we have mailed them a link to choose a password.` };
  }

  /** `{ role }` or `{ active }` for a member of staff (applicants are not staff: NotFound). */
  async function changeStaff(actor: Actor, userId: number, input: unknown): Promise<StaffMember> {
    requirePermission(actor, 'staff.manage');
    const change = parseInput(staffChangeSchema, input);
    const target = await ports.users.findById(userId);
    if (!target?.isAdmin) throw errors.notFound('Staff member');
    if ('active' in change && !change.active && userId === actor.userId) throw errors.validation(SELF_DEACTIVATION_MESSAGE);
    const staffChange: StaffChange = 'role' in change ? { role: change.role } : { deactivatedAt: change.active ? null : ports.clock.now() };
    const member = applied(await ports.users.updateStaff(userId, staffChange));
    const target_ = { type: 'user', id: userId };
    if ('role' in change) {
      await recordAudit(ports, actor, { action: 'staff.role_changed', target: target_, before: { role: target.role }, after: { role: member.role } });
    } else {
      await recordAudit(ports, actor, { action: change.active ? 'staff.reactivated' : 'staff.deactivated', target: target_, before: { active: !target.deactivatedAt }, after: { active: change.active } });
    }
    return member;
  }

  return { listStaff, addStaff, changeStaff };
}
