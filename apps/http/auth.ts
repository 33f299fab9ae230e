import type { Context, MiddlewareHandler } from 'hono';
import { errors } from '../../core/domain/errors.js';
import { mustEnrolBeforeAdmin, type StaffTwoFactorPolicy } from '../../core/domain/two-factor.js';
import type { Actor, UseCases } from '../../core/use-cases/use-cases.js';
import type { AppEnv, AuthState } from './context.js';
import type { SessionManager } from './sessions.js';

/**
 * Resolves the session cookie (if any) to the signed-in user and stores it as `auth` (null for
 * visitors). A session whose user no longer exists is ended. What decides access is the database:
 * the session and the user are read from it, or from this process's cache, which drops an entry as
 * soon as any process (another node, the CLI) changes that session or user — so logout, password
 * change, erasure or promotion anywhere applies everywhere at once (SessionManager.signedIn).
 */
export function loadAuth(sessions: SessionManager, useCases: UseCases, options: { clientAddress: (c: Context) => string; staffTwoFactor: StaffTwoFactorPolicy }): MiddlewareHandler<AppEnv> {
  const { clientAddress, staffTwoFactor } = options;
  return async (c, next) => {
    const signedIn = await sessions.signedIn(c, useCases.currentUser);
    if (signedIn) {
      const { user, session } = signedIn;
      const auth: AuthState = {
        user,
        // Staff who must still set up two-factor sign-in act with no staff rights anywhere (not
        // only under /api/admin, which answers them 403 naming the set-up: staff-two-factor.ts).
        // The audit log records where staff acted from (TRUST_PROXY honoured, as the rate limits do).
        actor: { userId: user.id, isAdmin: user.isAdmin && !mustEnrolBeforeAdmin(user, staffTwoFactor), email: user.email, role: user.role, clientAddress: clientAddress(c) },
        sessionIdHash: session.idHash,
      };
      c.set('auth', auth);
    } else {
      c.set('auth', null);
    }
    return next();
  };
}

/** The signed-in actor, or a 401. */
export function actorOf(c: Context<AppEnv>): Actor {
  const auth = c.get('auth');
  if (!auth) throw errors.unauthenticated();
  return auth.actor;
}

/** 401 for visitors, before anything else (such as an upload body) is read. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  actorOf(c);
  return next();
};

/** 401 for visitors, 403 for applicants; what each role may do is each route's `requires(…)`. */
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const actor = actorOf(c);
  if (!actor.isAdmin) throw errors.forbidden('Only the agency staff can do this.');
  return next();
};
