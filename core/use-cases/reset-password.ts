import { errors } from '../domain/errors.js';
import { PASSWORD_RESET_INVALID_MESSAGE, parsePasswordResetToken, verifyPasswordResetToken } from '../domain/password-reset.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { passwordResetSchema } from '../schemas/password-reset.js';
import { storeNewPassword } from './store-new-password.js';

export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been reset. You can now sign in with your new password.';

const invalidToken = () => errors.validation(PASSWORD_RESET_INVALID_MESSAGE, { token: [PASSWORD_RESET_INVALID_MESSAGE] });

/**
 * Sets a new password from a reset link's token. The token must be signed for the user's current
 * password hash and unexpired; storing the new hash makes it (and every other link sent before)
 * useless. The rest is any password change's (storeNewPassword): needsPasswordChange cleared, the
 * 'password_changed' notice, every session ended. Answers the user's id so the app can forget what
 * it cached about those sessions.
 */
export function makeResetPassword(ports: Pick<Ports, 'users' | 'hasher' | 'sessions' | 'clock' | 'secrets'>) {
  return async function resetPassword(input: { token: string; newPassword: string }): Promise<{ userId: number; message: string }> {
    const data = parseInput(passwordResetSchema, input);
    const token = parsePasswordResetToken(data.token);
    if (!token) throw invalidToken();
    const user = await ports.users.findById(token.userId);
    const now = ports.clock.now();
    if (!user || !(await verifyPasswordResetToken(token, user, ports.secrets.tokenKey, now))) throw invalidToken();

    await storeNewPassword(ports, user, data.newPassword, now);
    return { userId: user.id, message: PASSWORD_RESET_DONE_MESSAGE };
  };
}
