import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { TRACKING_ACCESS_TTL_MS } from '../../../core/domain/tracking.js';
import { normaliseEmail } from '../../../core/domain/user.js';
import { trackForgotSchema, trackRequestSchema, trackVerifySchema } from '../../../core/schemas/tracking.js';
import { readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, keysOfValidBody, rateLimited } from '../route-facts.js';

export const TRACKING_LIMITED_MESSAGE = 'Too many tracking requests. Please wait a while and try again.';
export const TRACKING_ENDED_MESSAGE = 'You have stopped tracking this application on this device.';

/** The read-only access cookie's name: `__Host-` binds it to this host, path / and HTTPS. */
export function trackingCookieName(secure: boolean): string {
  return secure ? '__Host-evisa_track' : 'evisa_track';
}

/**
 * Tracking without signing in (docs/product.md §16.1), mounted at /api/track:
 * - POST /request { applicationNumber, email } → 200 { message }, the same whether or not they match;
 *   a match gets a 6-digit code by mail (through the outbox: the answer never waits on SMTP).
 * - POST /verify { applicationNumber, email, code } → 200 { application } and a 30-minute HttpOnly,
 *   SameSite=Strict cookie holding a signed, read-only access to that one application; any refused
 *   code is one 400.
 * - GET /application → 200 { application } while the cookie lives, else { application: null }
 *   (no 4xx: the page asks on every visit).
 * - POST /end → forgets the cookie ("Track another application").
 * - POST /forgot { email } → 200 { message }, the same always; mails the address's numbers.
 * The cookie is no session: nothing else reads it, and it opens no other route.
 */
export function trackRoutes({ agency, sessions, limits, clientAddress }: RouteDeps) {
  const useCases = agency.useCases;
  const secure = sessions.secure;
  const cookieName = trackingCookieName(secure);
  const cookieOptions = { httpOnly: true, sameSite: 'Strict', path: '/', secure } as const;
  const address = (c: Context<AppEnv>) => `address:${clientAddress(c)}`;

  return new Hono<AppEnv>()
    .post(
      '/request',
      jsonBody(),
      // Per address (one sender trying many numbers) and per application number and email (many
      // senders flooding one inbox), whether or not the number exists, so the limit reveals nothing.
      rateLimited(
        limits.trackAddress,
        keysOfValidBody(trackRequestSchema, (_input, c) => address(c)),
        { message: TRACKING_LIMITED_MESSAGE },
      ),
      rateLimited(
        limits.trackTarget,
        keysOfValidBody(trackRequestSchema, (input) => [`number:${input.applicationNumber}`, `email:${normaliseEmail(input.email)}`]),
        { message: TRACKING_LIMITED_MESSAGE },
      ),
      async (c: JsonBodyContext<typeof trackRequestSchema>) => {
        const input = await readBody(c, trackRequestSchema);
        return c.json(await useCases.requestTrackingCode(input), 200);
      },
    )
    .post(
      '/verify',
      jsonBody(),
      rateLimited(
        limits.trackVerify,
        keysOfValidBody(trackVerifySchema, (input, c) => [address(c), `number:${input.applicationNumber}`]),
        { message: TRACKING_LIMITED_MESSAGE },
      ),
      async (c: JsonBodyContext<typeof trackVerifySchema>) => {
        const input = await readBody(c, trackVerifySchema);
        const access = await useCases.verifyTrackingCode(input);
        setCookie(c, cookieName, access.token, { ...cookieOptions, maxAge: TRACKING_ACCESS_TTL_MS / 1000 });
        return c.json({ application: access.application }, 200);
      },
    )
    .get('/application', async (c) => {
      const application = await useCases.trackedApplication(getCookie(c, cookieName));
      if (!application && getCookie(c, cookieName) !== undefined) deleteCookie(c, cookieName, cookieOptions);
      c.header('Cache-Control', 'no-store');
      return c.json({ application }, 200);
    })
    .post('/end', jsonBody(), (c) => {
      deleteCookie(c, cookieName, cookieOptions);
      return c.json({ message: TRACKING_ENDED_MESSAGE }, 200);
    })
    .post(
      '/forgot',
      jsonBody(),
      rateLimited(
        limits.trackAddress,
        keysOfValidBody(trackForgotSchema, (_input, c) => address(c)),
        { message: TRACKING_LIMITED_MESSAGE },
      ),
      rateLimited(
        limits.trackTarget,
        keysOfValidBody(trackForgotSchema, (input) => `forgot:${normaliseEmail(input.email)}`),
        { message: TRACKING_LIMITED_MESSAGE },
      ),
      async (c: JsonBodyContext<typeof trackForgotSchema>) => {
        const input = await readBody(c, trackForgotSchema);
        return c.json(await useCases.mailApplicationNumbers(input), 200);
      },
    );
}
