import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { changePasswordSchema } from '../schemas/profile.js';
import { requireUser } from './shared.js';
import { storeNewPassword } from './store-new-password.js';
import type { Actor } from './types.js';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const NEW_PASSWORD_SAME = 'New password must be different from the current password';

/**
 * Checks the current password, stores the new one, clears needsPasswordChange, queues a
 * 'password_changed' notice in the same operation and ends every session of the user (a thief
 * holding an old session is logged out). The HTTP app starts a fresh session for the caller.
 */
export function makeChangePassword(ports: Pick<Ports, 'users' | 'hasher' | 'sessions' | 'clock'>) {
  return async function changePassword(actor: Actor, input: { currentPassword: string; newPassword: string }): Promise<void> {
    const data = parseInput(changePasswordSchema, input);
    const user = await requireUser(ports, actor.userId);
    if (!(await ports.hasher.verify(user.passwordHash, data.currentPassword))) {
      throw errors.validation(CURRENT_PASSWORD_INCORRECT, { currentPassword: [CURRENT_PASSWORD_INCORRECT] });
    }
    if (data.newPassword === data.currentPassword) {
      throw errors.validation(NEW_PASSWORD_SAME, { newPassword: [NEW_PASSWORD_SAME] });
    }
    await storeNewPassword(ports, user, data.newPassword, ports.clock.now());
  };
}
