import { Hono } from 'hono';
import { applicationDraftSchema } from '../../../core/schemas/application-draft.js';
import { actorOf, signedIn } from '../auth.js';
import { readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody } from '../route-facts.js';

/**
 * The signed-in user's one application draft, mounted at /api/application-draft: PUT saves it whole
 * (any subset of the form's fields, checked for type and size only) → 200 the saved fields; GET →
 * 200 the saved fields, or 200 null when there is none (no draft is no error: every fresh apply page
 * asks); DELETE → 204. Nobody reads another user's draft: the user is the key.
 */
export function applicationDraftRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>()
    .use(signedIn)
    .get('/', async (c) => {
      const fields = await useCases.getApplicationDraft(actorOf(c));
      return c.json(fields, 200);
    })
    .put('/', jsonBody(), async (c: JsonBodyContext<typeof applicationDraftSchema>) => {
      const actor = actorOf(c);
      const fields = await readBody(c, applicationDraftSchema);
      const saved = await useCases.saveApplicationDraft(actor, fields);
      return c.json(saved, 200);
    })
    .delete('/', jsonBody(), async (c) => {
      await useCases.deleteApplicationDraft(actorOf(c));
      return c.body(null, 204);
    });
}
