import type { User } from '../domain/user.js';
import type { Ports } from '../ports/index.js';

/**
 * What every password change does, from the profile or a reset link: stores the new hash, clears
 * needsPasswordChange, queues the 'password_changed' notice in the same operation and ends every
 * session of the user (a thief holding an old session is logged out).
 */
export async function storeNewPassword(ports: Pick<Ports, 'users' | 'hasher' | 'sessions'>, user: User, newPassword: string, now: Date): Promise<void> {
  const passwordHash = await ports.hasher.hash(newPassword);
  await ports.users.updatePassword(user.id, passwordHash, false, [{ to: user.email, template: 'password_changed', data: { fullName: user.fullName, changedAt: now.toISOString() } }], now);
  await ports.sessions.deleteAllForUser(user.id);
}
