import type { Application } from '../domain/application.js';
import { decideCancellationRequest as decideRequest, type CancellationDecisionInput } from '../domain/cancellation.js';
import { unwrap } from '../domain/result.js';
import { statusChange } from '../domain/status-history.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import { cancelledMail, closeOpenPayments, refundNow, refundRequest, withRefund, type CancellationOutcome } from './cancellation-steps.js';
import type { SendRefund } from './send-refund.js';
import { commitWithRetry, requirePermission, requireUser, staffView } from './shared.js';
import type { Actor } from './types.js';

/**
 * Staff accept an applicant's cancellation request (refunding what they choose of the initial fee)
 * or decline it; needs 'refunds.manage'. The decision, its refund with the job that sends it, the
 * applicant's mail and the audit row are one commit.
 */
export function makeDecideCancellationRequest(ports: Pick<Ports, 'applications' | 'users' | 'clock' | 'gateway' | 'refunds'>, sendRefund: SendRefund) {
  return async function decideCancellationRequest(actor: Actor, applicationId: number, input: CancellationDecisionInput): Promise<CancellationOutcome> {
    requirePermission(actor, 'refunds.manage');
    const now = ports.clock.now();
    const staff = await requireUser(ports, actor.userId);
    const outcome = await commitWithRetry(ports, applicationId, async (current) => {
      const decided = unwrap(decideRequest(current, input, now));
      const next = decided.application;
      const user = await requireUser(ports, current.userId);
      // The staff decision's audit row, committed with it (decision 0010).
      const decisionAudit = (before: Application, after: Application, refundPence: number) =>
        auditEntry(ports, actor, {
          action: 'application.cancellation_decided',
          target: { type: 'application', id: applicationId },
          applicationId,
          before: { status: before.status, cancelledAt: before.cancelledAt, cancellationDeclinedAt: before.cancellationDeclinedAt },
          after: { status: after.status, cancelledAt: after.cancelledAt, cancellationDeclinedAt: after.cancellationDeclinedAt },
          detail: { decision: input.decision, message: input.message ?? null, refundPence },
        });
      if (input.decision === 'decline') {
        return {
          change: {
            application: next,
            expectedVersion: current.version,
            audit: [decisionAudit(current, next, 0)],
            mails: [
              { to: user.email, template: 'cancellation_declined', data: { fullName: user.fullName, applicationNumber: next.applicationNumber, applicationId: next.id, message: input.message } },
            ],
          },
        };
      }
      const refund = refundRequest(decided.refund, input.message ?? 'Cancellation accepted', { userId: staff.id, name: staff.email }, now);
      return {
        change: {
          application: next,
          expectedVersion: current.version,
          ...statusChange({
            fromStatus: current.status,
            toStatus: next.status,
            changedBy: staff.id,
            changedByName: staff.email,
            message: input.message ? `Cancellation accepted: ${input.message}` : 'Cancellation accepted',
            changedAt: now,
          }),
          ...withRefund(refund),
          mails: [cancelledMail(next, user, decided.refund, input.message)],
          audit: [decisionAudit(current, next, refund?.amount ?? 0)],
        },
      };
    });
    if (outcome.kind !== 'committed') throw new Error('A cancellation decision is always committed or refused.');
    const application = outcome.result.application;
    const refundPence = outcome.change.refund?.amount ?? 0;
    if (application.cancelledAt !== null) await closeOpenPayments(ports, application);
    const refund = await refundNow(ports, sendRefund, applicationId, refundPence > 0);
    const current = (await ports.applications.findById(applicationId)) ?? application;
    return { application: staffView(current, ports.clock.now()), outcome: application.cancelledAt ? 'cancelled' : 'requested', refundPence, refund };
  };
}
