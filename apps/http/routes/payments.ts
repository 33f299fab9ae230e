import { Hono } from 'hono';
import { applicationIdSchema } from '../../../core/schemas/ids.js';
import { paymentConfirmSchema, paymentStartSchema, paymentTypeSchema } from '../../../core/schemas/payment.js';
import { parseInput } from '../../../core/schemas/parse.js';
import { actorOf, signedIn } from '../auth.js';
import { pathId, readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody } from '../route-facts.js';

/**
 * Fees: POST /api/payments/{initial|final}/{applicationId} opens (or reuses) the payment for the fee
 * the core says is due; POST /api/payments/{type}/confirm/{applicationId} records it once the
 * provider says it succeeded. Mounted at /api/payments, after the webhook.
 */
export function paymentRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>()
    .use(signedIn)
    .post('/:type/confirm/:applicationId', jsonBody(), async (c: JsonBodyContext<typeof paymentConfirmSchema>) => {
      const actor = actorOf(c);
      const type = parseInput(paymentTypeSchema, c.req.param('type'));
      const applicationId = pathId(c, 'applicationId', applicationIdSchema);
      const { paymentIntentId } = await readBody(c, paymentConfirmSchema);
      const result = await useCases.confirmPayment(actor, applicationId, type, paymentIntentId);
      return c.json({ application: result.application, recorded: result.recorded }, 200);
    })
    .post('/:type/:applicationId', jsonBody(), async (c: JsonBodyContext<typeof paymentStartSchema>) => {
      const actor = actorOf(c);
      const type = parseInput(paymentTypeSchema, c.req.param('type'));
      const applicationId = pathId(c, 'applicationId', applicationIdSchema);
      const { startNow } = await readBody(c, paymentStartSchema);
      const payment = await useCases.startPayment(actor, applicationId, type, { startNow });
      return c.json({ clientSecret: payment.clientSecret, paymentIntentId: payment.paymentIntentId, amount: payment.amount, currency: payment.currency }, 200);
    });
}
