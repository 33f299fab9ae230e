import { Hono } from 'hono';
import { errors } from '../../../core/domain/errors.js';
import { normaliseEmail } from '../../../core/domain/user.js';
import { loginSchema, registrationSchema } from '../../../core/schemas/auth.js';
import { changePasswordSchema, localeSchema, profileChangeSchema, profileSchema } from '../../../core/schemas/profile.js';
import { negotiateLocale } from '../../../core/domain/locale.js';
import { actorOf } from '../auth.js';
import { readBody, readJson, validBodyOrNull, type AppEnv, type JsonBodyContext } from '../context.js';
import { jsonBody, keysOfValidBody, loginThrottled, rateLimited } from '../route-facts.js';
import { TOO_MANY_FORMS_MESSAGE } from './contact.js';
import type { RouteDeps } from '../deps.js';

export const LOGGED_OUT_MESSAGE = 'You have been logged out.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been updated.';

/**
 * Accounts: POST /api/register, /api/login (`{ twoFactorRequired: true }` and no session yet for an
 * account with two-factor sign-in: see routes/two-factor.ts), /api/logout; GET /api/user; PUT /api/user/profile and
 * /api/user/change-password. Mounted at /api.
 */
export function authRoutes({ agency, sessions, secondStep, limits, clientAddress }: RouteDeps) {
  const useCases = agency.useCases;
  return (
    new Hono<AppEnv>()
      .post(
        '/register',
        jsonBody(),
        // Each account costs an argon2 hash: one address cannot make hundreds and slow everyone down.
        rateLimited(
          limits.register,
          keysOfValidBody(registrationSchema, (_, c) => clientAddress(c)),
          { message: TOO_MANY_FORMS_MESSAGE },
        ),
        async (c: JsonBodyContext<typeof registrationSchema>) => {
          const input = await readBody(c, registrationSchema);
          const user = await useCases.registerUser({ ...input, locale: input.locale ?? negotiateLocale(c.req.header('accept-language')) });
          await sessions.start(c, user.id);
          return c.json(user, 201);
        },
      )
      .post(
        '/login',
        jsonBody(),
        // Wrong passwords are counted per account and address (LoginThrottle); a success forgives the account's.
        loginThrottled(limits.login, async (c) => {
          const input = await validBodyOrNull(c, loginSchema);
          return input && { account: normaliseEmail(input.email), address: clientAddress(c) };
        }),
        async (c: JsonBodyContext<typeof loginSchema>) => {
          const input = await readBody(c, loginSchema);
          const result = await useCases.logIn(input);
          if (result.user.twoFactorEnabled) {
            // No session yet: the code from the app opens it (POST /api/login/two-factor).
            await secondStep.begin(c, result.user.id);
            return c.json({ twoFactorRequired: true as const }, 200);
          }
          await sessions.start(c, result.user.id);
          return c.json({ user: result.user, needsPasswordChange: result.needsPasswordChange }, 200);
        },
      )
      .post('/logout', jsonBody(), async (c) => {
        await sessions.end(c);
        return c.json({ message: LOGGED_OUT_MESSAGE }, 200);
      })
      .get('/user', async (c) => {
        const auth = c.get('auth');
        if (!auth) throw errors.unauthenticated();
        return c.json(auth.user, 200);
      })
      // The phone number (the profile form) and/or the language (the switcher): each checked whole before either is stored.
      .put('/user/profile', jsonBody(), async (c: JsonBodyContext<typeof profileChangeSchema>) => {
        const actor = actorOf(c);
        const body = await readJson(c);
        const changesLocale = typeof body === 'object' && body !== null && 'locale' in body;
        const changesPhone = !changesLocale || (typeof body === 'object' && body !== null && 'phoneNumber' in body);
        const phone = changesPhone ? await readBody(c, profileSchema) : null;
        const locale = changesLocale ? await readBody(c, localeSchema) : null;
        let user = phone ? await useCases.updatePhone(actor, phone) : null;
        if (locale) user = await useCases.updateLocale(actor, locale);
        return c.json(user, 200);
      })
      .put('/user/change-password', jsonBody(), async (c: JsonBodyContext<typeof changePasswordSchema>) => {
        const actor = actorOf(c);
        const input = await readBody(c, changePasswordSchema);
        await useCases.changePassword(actor, input);
        // Every other browser signed in as this user is signed out; this one gets a fresh session.
        await sessions.restartAllFor(c, actor.userId);
        return c.json({ message: PASSWORD_CHANGED_MESSAGE }, 200);
      })
  );
}
