import { Hono } from 'hono';
import { applicationGroupSchema, groupIdSchema, type ApplicationGroupSchema } from '../../../core/schemas/application-group.js';
import { parseInput } from '../../../core/schemas/parse.js';
import { paymentConfirmSchema, paymentStartSchema } from '../../../core/schemas/payment.js';
import { actorOf, adminOnly, signedIn } from '../auth.js';
import { pathId, readBody, readJson, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, requires } from '../route-facts.js';

/**
 * Family applications, mounted at /api/application-groups: POST `{ travellers: [form, …] }` (2 to 10
 * complete forms, the same arrival and departure) → 201 `{ groupId, applications: [{ id,
 * applicationNumber }] }`. Each traveller's passport is then uploaded to its own application.
 */
export function applicationGroupRoutes({ agency }: RouteDeps) {
  const { useCases, ports } = agency;
  return new Hono<AppEnv>().use(signedIn).post('/', jsonBody(), async (c: JsonBodyContext<ApplicationGroupSchema>) => {
    const actor = actorOf(c);
    const schema = applicationGroupSchema({ today: ports.clock.now(), agencyEmail: ports.settings.agencyEmail, rules: await ports.egyptRules.list() });
    const { travellers } = parseInput(schema, await readJson(c));
    const group = await useCases.createApplicationGroup(actor, travellers);
    return c.json(group, 201);
  });
}

/**
 * The family's initial fees, paid once, mounted at /api/payments/initial-group (before /payments):
 * POST /{groupId} → `{ clientSecret, paymentIntentId, amount, currency }` for £10 × N; POST
 * /confirm/{groupId} `{ paymentIntentId }` records it on every application of the group.
 */
export function groupPaymentRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>()
    .use(signedIn)
    .post('/confirm/:groupId', jsonBody(), async (c: JsonBodyContext<typeof paymentConfirmSchema>) => {
      const actor = actorOf(c);
      const groupId = pathId(c, 'groupId', groupIdSchema);
      const { paymentIntentId } = await readBody(c, paymentConfirmSchema);
      const result = await useCases.confirmGroupPayment(actor, groupId, paymentIntentId);
      return c.json({ applications: result.applications, recorded: result.recorded }, 200);
    })
    .post('/:groupId', jsonBody(), async (c: JsonBodyContext<typeof paymentStartSchema>) => {
      const actor = actorOf(c);
      const groupId = pathId(c, 'groupId', groupIdSchema);
      const { startNow } = await readBody(c, paymentStartSchema);
      const payment = await useCases.startGroupPayment(actor, groupId, { startNow });
      return c.json({ clientSecret: payment.clientSecret, paymentIntentId: payment.paymentIntentId, amount: payment.amount, currency: payment.currency }, 200);
    });
}

/** GET /api/admin/application-groups/{groupId}: the family's entries, as the admin list shows them (admins only). */
export function adminGroupRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>().use(adminOnly).get('/:groupId', requires('applications.read'), async (c) => {
    const entries = await useCases.listGroupForAdmin(actorOf(c), pathId(c, 'groupId', groupIdSchema));
    return c.json(entries, 200);
  });
}
