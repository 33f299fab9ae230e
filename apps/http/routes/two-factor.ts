import { Hono } from 'hono';
import { errors } from '../../../core/domain/errors.js';
import { TWO_FACTOR_MESSAGES } from '../../../core/domain/two-factor.js';
import { disableTwoFactorSchema, enableTwoFactorSchema, secondStepSchema } from '../../../core/schemas/two-factor.js';
import { actorOf, signedIn } from '../auth.js';
import { pathId, readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, wrongAnswersThrottled } from '../route-facts.js';

export const TWO_FACTOR_DISABLED_MESSAGE = 'Two-factor sign-in is off.';

/**
 * One's own two-factor sign-in, mounted at /api/user/two-factor (signed in):
 * - GET / → `{ enabled, recoveryCodesLeft }`
 * - POST /setup → `{ secret, otpauthUrl, qrSvg }` (a new pending secret; 409 while it is on)
 * - POST /enable `{ code }` → `{ recoveryCodes }` (10, shown once); a wrong code 400, nothing turned on
 * - POST /disable `{ password }` → `{ message }`; a wrong password 400
 * Turning it on or off ends the user's other sessions and gives this browser a fresh one (as a
 * password change does): every node then reads the user afresh.
 */
export function twoFactorRoutes({ agency, sessions }: RouteDeps) {
  const useCases = agency.useCases;
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await useCases.twoFactorStatus(actorOf(c)), 200))
    .post('/setup', jsonBody(), async (c) => c.json(await useCases.setUpTwoFactor(actorOf(c)), 200))
    .post('/enable', jsonBody(), async (c: JsonBodyContext<typeof enableTwoFactorSchema>) => {
      const actor = actorOf(c);
      const result = await useCases.enableTwoFactor(actor, await readBody(c, enableTwoFactorSchema));
      await sessions.restartAllFor(c, actor.userId);
      return c.json(result, 200);
    })
    .post('/disable', jsonBody(), async (c: JsonBodyContext<typeof disableTwoFactorSchema>) => {
      const actor = actorOf(c);
      await useCases.disableTwoFactor(actor, await readBody(c, disableTwoFactorSchema));
      await sessions.restartAllFor(c, actor.userId);
      return c.json({ message: TWO_FACTOR_DISABLED_MESSAGE }, 200);
    });
}

/**
 * The second step of signing in, mounted at /api/login/two-factor: POST `{ code }` or
 * `{ recoveryCode }` with the cookie POST /api/login set → `{ user, needsPasswordChange }` and the
 * session, as a login without two-factor sign-in answers. 401 when there is no pending sign-in
 * (none, or older than 5 minutes); 400 for a wrong, expired or used code; after 5 wrong answers for
 * the account within 15 minutes, 429 whatever is sent.
 */
export function secondStepRoutes({ agency, sessions, secondStep, limits }: RouteDeps) {
  const useCases = agency.useCases;
  return new Hono<AppEnv>().post(
    '/',
    jsonBody(),
    wrongAnswersThrottled(limits.twoFactor, async (c) => String((await secondStep.pending(c))?.userId ?? '') || null, TWO_FACTOR_MESSAGES.tooManyCodes),
    async (c: JsonBodyContext<typeof secondStepSchema>) => {
      const challenge = await secondStep.pending(c);
      if (!challenge) {
        await secondStep.end(c, null);
        throw errors.unauthenticated(TWO_FACTOR_MESSAGES.expiredSignIn);
      }
      const result = await useCases.completeTwoFactorSignIn(challenge.userId, await readBody(c, secondStepSchema));
      await secondStep.end(c, challenge);
      await sessions.start(c, result.user.id);
      return c.json({ user: result.user, needsPasswordChange: result.needsPasswordChange }, 200);
    },
  );
}

/** The signed-in user's sessions, mounted at /api/user/sessions: GET / (newest first), DELETE /:id (404 for an id not theirs). */
export function sessionRoutes({ sessions }: RouteDeps) {
  return new Hono<AppEnv>()
    .get('/', signedIn, async (c) => {
      const auth = c.get('auth')!;
      return c.json(await sessions.list(auth.user.id, auth.sessionIdHash), 200);
    })
    .delete('/:id', jsonBody(), signedIn, async (c) => {
      const auth = c.get('auth')!;
      if (!(await sessions.endByHandle(c, auth.user.id, c.req.param('id'), auth.sessionIdHash))) throw errors.notFound('Session');
      return c.body(null, 204);
    });
}
