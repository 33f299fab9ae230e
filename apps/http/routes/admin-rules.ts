import { Hono, type Context } from 'hono';
import type { EgyptRuleInput } from '../../../core/schemas/egypt-rules.js';
import type { visaRouteQuerySchema } from '../../../core/schemas/visa-router.js';
import { actorOf, adminOnly } from '../auth.js';
import { readJson, type AppEnv, type QueryContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, requires } from '../route-facts.js';

/**
 * Egypt's rules as dated data (docs/product.md §5.11), mounted at /api/admin; admins only (rules.manage).
 * - GET /rules: every entry with its state (in_force, scheduled, past) and today's date.
 * - GET /rules/:kind?subject=: one rule's entries (a nationality's route with `subject`).
 * - PUT /rules `{ kind, subject?, value, effectiveFrom, source: { url, title }, lastChecked? }` → 200
 *   `{ rule, replaced, affected }`; bad input 400 `{ message }`, nothing written; another role 403.
 */
/** The PUT's body as the client sends it (the typed client's input). */
type RuleBodyContext = Context<AppEnv, string, { in: { json: EgyptRuleInput } }>;

export function adminRuleRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>()
    .use(adminOnly)
    .get('/rules', requires('rules.manage'), async (c) => c.json(await useCases.listRules(actorOf(c)), 200))
    .get('/rules/:kind', requires('rules.manage'), async (c) => c.json(await useCases.showRule(actorOf(c), c.req.param('kind'), c.req.query('subject') ?? ''), 200))
    .put('/rules', requires('rules.manage'), jsonBody(), async (c: RuleBodyContext) => {
      // The use case checks the body (the same schema as the CLI's): anything but an object is an empty rule.
      const body = await readJson(c);
      return c.json(await useCases.setRule(actorOf(c), (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}) as EgyptRuleInput), 200);
    });
}

/**
 * Egypt's rules for anyone, mounted at /api/public:
 * - GET /rules?on=YYYY-MM-DD: the rules in force (today by default), the government fee, the changes scheduled.
 * - GET /route?nationality=&arrival=&airport=&days=&sinaiOnly= (the honest router, docs/product.md §5.12):
 *   `{ trip, rulesOn, open, closed }`, every route open to that traveller from the rules in force on
 *   their arrival, the agency last. An unknown nationality, an arrival in the past or over 12 months
 *   away, a bad airport, stay or Sinai flag → 400 { message }. Cached a minute, like the rules.
 */
export function publicRuleRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>()
    .get('/rules', async (c) => {
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(await useCases.publicRules(c.req.query('on')), 200);
    })
    .get('/route', async (c: QueryContext<ReturnType<typeof visaRouteQuerySchema>>) => {
      // The use case checks the query against today's date (the schema needs the clock).
      const answer = await useCases.visaRoute(c.req.query() as Parameters<typeof useCases.visaRoute>[0], agency.config.officialRoute.url);
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(answer, 200);
    });
}
