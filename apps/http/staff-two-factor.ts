import type { MiddlewareHandler } from 'hono';
import { errors } from '../../core/domain/errors.js';
import { mustEnrolBeforeAdmin, TWO_FACTOR_MESSAGES, type StaffTwoFactorPolicy } from '../../core/domain/two-factor.js';
import type { AppEnv } from './context.js';

/**
 * STAFF_TWO_FACTOR=required: a member of staff without two-factor sign-in is refused every admin
 * call (403, naming the enrolment) until they set it up on their profile (/api/user/* stays open).
 * Mounted once in front of every /api/admin sub-app; visitors and applicants pass on to the routes'
 * own 401 and 403.
 */
export function staffTwoFactorFirst(policy: StaffTwoFactorPolicy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    if (auth && mustEnrolBeforeAdmin(auth.user, policy)) throw errors.forbidden(TWO_FACTOR_MESSAGES.enrolFirst);
    return next();
  };
}
