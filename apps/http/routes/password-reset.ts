import { Hono } from 'hono';
import { normaliseEmail } from '../../../core/domain/user.js';
import { passwordResetRequestSchema, passwordResetSchema } from '../../../core/schemas/password-reset.js';
import { readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, keysOfValidBody, rateLimited } from '../route-facts.js';

export const PASSWORD_RESET_LIMITED_MESSAGE = 'Too many password reset requests. Please wait a while and try again.';

/**
 * "Forgot your password?": POST /api/password-reset { email } mails a reset link (the same answer
 * whether or not the email has an account); POST /api/password-reset/confirm { token, newPassword }
 * sets the new password and signs the user out everywhere. Mounted at /api/password-reset.
 */
export function passwordResetRoutes({ agency, sessions, limits, clientAddress }: RouteDeps) {
  const useCases = agency.useCases;
  return new Hono<AppEnv>()
    .post(
      '/',
      jsonBody(),
      // Per address (one sender asking for many accounts) and per account (many senders flooding
      // one inbox). The account key is the email as typed, whether or not it has an account.
      rateLimited(
        limits.passwordReset,
        keysOfValidBody(passwordResetRequestSchema, (input, c) => [`address:${clientAddress(c)}`, `account:${normaliseEmail(input.email)}`]),
        { message: PASSWORD_RESET_LIMITED_MESSAGE },
      ),
      async (c: JsonBodyContext<typeof passwordResetRequestSchema>) => {
        const input = await readBody(c, passwordResetRequestSchema);
        const result = await useCases.requestPasswordReset(input);
        return c.json({ message: result.message }, 200);
      },
    )
    .post('/confirm', jsonBody(), async (c: JsonBodyContext<typeof passwordResetSchema>) => {
      const input = await readBody(c, passwordResetSchema);
      const result = await useCases.resetPassword(input);
      // The use case ended every session of the user (in the database: every server sees it at once).
      return c.json({ message: result.message }, 200);
    });
}
