import { Hono, type Context } from 'hono';
import { portalStatusSchema, type PortalStatusInput } from '../../../core/schemas/portal-status.js';
import { actorOf, adminOnly } from '../auth.js';
import { readBody, type AppEnv } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, requires } from '../route-facts.js';

/**
 * The official portal's outage mode (decision 0032), mounted at /api/admin; admins only
 * (`operations.run`; any other staff 403, applicants 403).
 * - GET /portal-status: `{ state, message, since }`.
 * - POST /portal-status `{ state: 'up' | 'down', message }` → 200 `{ status, paused, resumed, mailed }`;
 *   `down` without a message, an unknown state or a message over 500 characters: 400 `{ message }`, nothing written.
 */
/** The POST's body as the client sends it (declared for the typed client; the schema reads it). */
type SwitchContext = Context<AppEnv, string, { in: { json: PortalStatusInput } }>;

export function adminPortalStatusRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>()
    .use(adminOnly)
    .get('/portal-status', requires('operations.run'), async (c) => c.json(await useCases.readPortalStatus(actorOf(c)), 200))
    .post('/portal-status', requires('operations.run'), jsonBody(), async (c: SwitchContext) => {
      const actor = actorOf(c);
      const input = await readBody(c, portalStatusSchema);
      return c.json(await useCases.setPortalStatus(actor, input), 200);
    });
}
