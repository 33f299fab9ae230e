import { Hono } from 'hono';
import type { Refund } from '../../../core/domain/refund.js';
import { personName } from '../../../core/domain/wording.js';
import { applicationIdSchema } from '../../../core/schemas/ids.js';
import { refundIdSchema, refundRequestSchema } from '../../../core/schemas/refund.js';
import { actorOf, adminOnly } from '../auth.js';
import { pathId, readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, requires } from '../route-facts.js';

/** A refund as staff see it (docs/product.md §4.7): amounts in pence, who asked for and approved it. */
export function refundView(refund: Refund) {
  return {
    id: refund.id,
    applicationId: refund.applicationId,
    paymentType: refund.paymentType,
    amountPence: refund.amount,
    currency: refund.currency,
    status: refund.status,
    source: refund.source,
    reason: refund.reason,
    requestedBy: refund.requestedBy,
    requestedByName: refund.requestedByName,
    approvedBy: refund.approvedBy,
    approvedByName: refund.approvedByName,
    gatewayRefundId: refund.gatewayRefundId,
    failureReason: refund.failureReason,
    createdAt: refund.createdAt,
    updatedAt: refund.updatedAt,
  };
}

export type RefundView = ReturnType<typeof refundView>;

/**
 * Staff refunds (docs/product.md §4.7), mounted at /api/admin; staff only (401 visitors, 403 applicants).
 * - POST /applications/:id/refunds `{ paymentType, amountPence, reason }` → 201 the refund
 *   (`status` 'succeeded' | 'failed' | 'pending' | 'pending_approval'); the same request again → 200
 *   with the same refund. More than is left, a fee never paid, bad input → 400 `{ message }`; the
 *   payment gateway down → 503 (the refund is sent later by its job).
 * - POST /refunds/:refundId/approve → 200 the refund; the requester approving their own → 403.
 * - GET /applications/:id/refunds → the application's refunds, oldest first.
 * - GET /refunds/awaiting-approval → `{ total, refunds }`: the refunds waiting for a second member of
 *   staff, oldest first, each with its application's number and traveller and whether the one asking
 *   may approve it (not their own); for those who may approve (refunds.manage).
 */
export function adminRefundRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>()
    .use(adminOnly)
    .get('/applications/:id/refunds', requires('applications.read'), async (c) => {
      const refunds = await useCases.listRefunds(actorOf(c), pathId(c, 'id', applicationIdSchema));
      return c.json(refunds.map(refundView), 200);
    })
    .post('/applications/:id/refunds', requires('refunds.manage'), jsonBody(), async (c: JsonBodyContext<typeof refundRequestSchema>) => {
      const actor = actorOf(c);
      const id = pathId(c, 'id', applicationIdSchema);
      const input = await readBody(c, refundRequestSchema);
      const { refund, replayed } = await useCases.requestRefund(actor, id, input);
      return c.json(refundView(refund), replayed ? 200 : 201);
    })
    .get('/refunds/awaiting-approval', requires('refunds.manage'), async (c) => {
      const actor = actorOf(c);
      const waiting = await useCases.listRefundsAwaitingApproval(actor);
      const refunds = waiting.map((w) => ({
        ...refundView(w.refund),
        applicationNumber: w.applicationNumber,
        travellerName: personName(`${w.givenName} ${w.surname}`),
        canApprove: w.refund.requestedBy !== actor.userId,
      }));
      return c.json({ total: refunds.length, refunds }, 200);
    })
    .post('/refunds/:refundId/approve', requires('refunds.manage'), jsonBody(), async (c) => {
      const refund = await useCases.approveRefund(actorOf(c), pathId(c, 'refundId', refundIdSchema));
      return c.json(refundView(refund), 200);
    });
}
