import { errors } from '../domain/errors.js';
import type { Refund } from '../domain/refund.js';
import type { Ports } from '../ports/index.js';
import type { RefundRequestInput } from '../schemas/refund.js';
import type { SendRefund } from './send-refund.js';
import { recordAudit } from './audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './use-cases.js';

/** The name a refund records for the member of staff (their full name, else their email). */
export async function staffName(ports: Pick<Ports, 'users'>, actor: Actor): Promise<string> {
  const user = await ports.users.findById(actor.userId);
  return user?.fullName.trim() || actor.email;
}

/**
 * Staff refund an application's fee, in full or in part, with a reason (docs/product.md §4.7). Up to
 * REFUND_APPROVAL_PENCE it is sent to the gateway at once and answered as it settled ('succeeded',
 * 'failed', or 'pending' while the gateway works on it); above, it waits for a second, different
 * member of staff ('pending_approval'). More than is left of the payment, or a fee never paid:
 * Validation, nothing written. A gateway that is down: Unavailable — the refund stays pending and
 * its job sends it later (nothing is counted as refunded until the gateway says so). The same
 * request again answers the refund it made (`replayed`).
 */
export function makeRequestRefund(ports: Pick<Ports, 'applications' | 'users' | 'refunds' | 'settings' | 'clock' | 'audit'>, sendRefund: SendRefund) {
  return async function requestRefund(actor: Actor, applicationId: number, input: RefundRequestInput): Promise<{ refund: Refund; replayed: boolean }> {
    requirePermission(actor, 'refunds.manage');
    const application = await ports.applications.findById(applicationId);
    if (!application) throw errors.notFound('Application');
    const { refund, replayed } = await ports.refunds.request(applicationId, {
      paymentType: input.paymentType,
      amount: input.amountPence,
      reason: input.reason,
      source: 'staff',
      status: input.amountPence > ports.settings.refundApprovalPence ? 'pending_approval' : 'pending',
      requestedBy: actor.userId,
      requestedByName: await staffName(ports, actor),
      createdAt: ports.clock.now(),
    });
    if (!replayed) {
      await recordAudit(ports, actor, {
        action: 'refund.requested',
        target: { type: 'refund', id: refund.id },
        applicationId,
        after: { paymentType: refund.paymentType, amount: refund.amount, reason: input.reason, status: refund.status },
      });
    }
    if (refund.status !== 'pending') return { refund, replayed };
    return { refund: (await sendRefund(refund.id)) ?? refund, replayed };
  };
}
