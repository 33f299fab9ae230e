import { createPasswordResetToken } from '../domain/password-reset.js';
import { normaliseEmail } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { newStaffSchema } from '../schemas/staff.js';
import { auditEntry } from './audit.js';
import { requirePermission } from './shared.js';
import { appliedStaffChange, toStaffMember, UNUSABLE_PASSWORD_BYTES, type StaffMember } from './staff-member.js';
import type { Actor } from './types.js';

/**
 * A new account with a random password nobody knows, and a mail with a link to choose one (a
 * password-reset token); an email that already has an account is made staff with this role
 * (reactivated if it was deactivated), its password and details unchanged.
 */
export function makeAddStaff(ports: Pick<Ports, 'users' | 'hasher' | 'ids' | 'outbox' | 'clock' | 'secrets' | 'audit'>) {
  return async function addStaff(actor: Actor, input: unknown): Promise<{ member: StaffMember; created: boolean; message: string }> {
    requirePermission(actor, 'staff.manage');
    const data = parseInput(newStaffSchema, input);
    const email = normaliseEmail(data.email);
    const existing = await ports.users.findByEmail(email);
    if (existing) {
      const audit = auditEntry(ports, actor, {
        action: 'staff.created',
        target: { type: 'user', id: existing.id },
        before: { role: existing.isAdmin ? existing.role : null, active: !existing.deactivatedAt },
        after: { role: data.role, active: true },
      });
      const member = appliedStaffChange(await ports.users.updateStaff(existing.id, { role: data.role, deactivatedAt: null }, [audit]));
      return { member, created: false, message: `${email} already had an account: they are now staff with the role ${data.role}. Their password is unchanged.` };
    }
    const now = ports.clock.now();
    const audit = auditEntry(ports, actor, { action: 'staff.created', target: { type: 'user', id: null }, targetIsNew: 'user', after: { role: data.role, active: true } });
    const user = await ports.users.create(
      {
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
      },
      [],
      [audit],
    );
    const resetToken = await createPasswordResetToken(user, ports.secrets.tokenKey, now);
    await ports.outbox.enqueue({ to: email, template: 'staff_invitation', data: { fullName: user.fullName, role: data.role, resetToken } }, now);
    return { member: toStaffMember(user), created: true, message: `Created ${email} with the role ${data.role}; we have mailed them a link to choose a password.` };
  };
}
