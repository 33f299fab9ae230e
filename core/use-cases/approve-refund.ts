import { errors } from '../domain/errors.js';
import type { Refund } from '../domain/refund.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import { staffName } from './request-refund.js';
import type { SendRefund } from './send-refund.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';
import { refundJob } from '../domain/jobs.js';

export const SELF_APPROVAL_MESSAGE = 'A refund above the approval limit must be approved by another member of staff.';
export const ALREADY_APPROVED_MESSAGE = 'This refund is not waiting for approval.';

/**
 * The second member of staff approves a refund above REFUND_APPROVAL_PENCE (docs/product.md §4.7):
 * the one who asked for it cannot (Forbidden). Approved, it is sent to the gateway at once, as a
 * request below the limit is. Approving again (a double click, a retry after the gateway was down)
 * answers the refund as it is; a refund approved by someone else, or never waiting, is a Conflict.
 */
export function makeApproveRefund(ports: Pick<Ports, 'users' | 'refunds' | 'clock' | 'audit'>, sendRefund: SendRefund) {
  return async function approveRefund(actor: Actor, refundId: number): Promise<Refund> {
    requirePermission(actor, 'refunds.manage');
    const refund = await ports.refunds.findById(refundId);
    if (!refund) throw errors.notFound('Refund');
    if (refund.requestedBy === actor.userId) throw errors.forbidden(SELF_APPROVAL_MESSAGE);
    if (refund.status !== 'pending_approval') {
      if (refund.approvedBy !== actor.userId) throw errors.conflict(ALREADY_APPROVED_MESSAGE);
      return (await sendRefund(refund.id)) ?? refund;
    }
    // Approved with its send-refund job and its audit row, in one transaction (decision 0010).
    const approved = await ports.refunds.approve(refund.id, { userId: actor.userId, name: await staffName(ports, actor) }, ports.clock.now(), {
      jobs: [refundJob(refund.id)],
      audit: [
        auditEntry(ports, actor, {
          action: 'refund.approved',
          target: { type: 'refund', id: refund.id },
          applicationId: refund.applicationId,
          before: { status: refund.status },
          after: { status: 'pending', paymentType: refund.paymentType, amount: refund.amount },
        }),
      ],
    });
    if (!approved) throw errors.conflict(ALREADY_APPROVED_MESSAGE);
    return (await sendRefund(approved.id)) ?? approved;
  };
}
