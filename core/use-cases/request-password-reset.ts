import { createPasswordResetToken, PASSWORD_RESET_TTL_TEXT } from '../domain/password-reset.js';
import { normaliseEmail } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { passwordResetRequestSchema } from '../schemas/password-reset.js';

export const PASSWORD_RESET_REQUESTED_MESSAGE = `If an account exists for this email, we have sent it a link to choose a new password. The link works for ${PASSWORD_RESET_TTL_TEXT}.`;

/**
 * "Forgot your password?": mails a reset link (a signed token, see domain/password-reset.ts) when
 * the email has an account. The answer is the same either way, so it tells nobody whether an
 * account exists. Rate limiting is the HTTP app's job.
 */
export function makeRequestPasswordReset(ports: Pick<Ports, 'users' | 'outbox' | 'clock' | 'secrets'>) {
  return async function requestPasswordReset(input: { email: string }): Promise<{ message: string }> {
    const data = parseInput(passwordResetRequestSchema, input);
    const user = await ports.users.findByEmail(normaliseEmail(data.email));
    if (user) {
      const now = ports.clock.now();
      const resetToken = await createPasswordResetToken(user, ports.secrets.tokenKey, now);
      await ports.outbox.enqueue({ to: user.email, template: 'password_reset', data: { fullName: user.fullName, resetToken } }, now);
    }
    return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
  };
}
