import { CANCELLED_MESSAGE, decideCancellation } from '../domain/cancellation.js';
import { unwrap } from '../domain/result.js';
import { statusChange } from '../domain/status-history.js';
import type { Ports } from '../ports/index.js';
import { CANCELLED_AT_ONCE_REFUND_REASON, cancelledMail, closeOpenPayments, refundNow, refundRequest, withRefund, type CancellationOutcome } from './cancellation-steps.js';
import type { SendRefund } from './send-refund.js';
import { commitWithRetry, loadOwned, requireUser, toView } from './shared.js';
import type { Actor } from './types.js';

export { CANCELLED_AT_ONCE_REFUND_REASON, type CancellationOutcome } from './cancellation-steps.js';

/**
 * The applicant cancels (docs/product.md, "Cancelling an application"): at once, with the £10
 * refunded, inside the 14 days and before staff started; otherwise as a request staff decide. The
 * refund is asked for in the same commit as the cancellation, with the job that sends it.
 */
export function makeCancelApplication(ports: Pick<Ports, 'applications' | 'users' | 'history' | 'clock' | 'gateway' | 'analytics' | 'refunds'>, sendRefund: SendRefund) {
  return async function cancelApplication(actor: Actor, applicationId: number, input: { reason: string | null }): Promise<CancellationOutcome> {
    const owned = await loadOwned(ports, actor, applicationId);
    const user = await requireUser(ports, owned.userId);
    const history = await ports.history.listByApplication(applicationId);
    const staffStarted = history.some((entry) => entry.changedBy !== null && entry.changedBy !== owned.userId);
    const now = ports.clock.now();
    const outcome = await commitWithRetry(ports, applicationId, (current) => {
      const cancellation = unwrap(decideCancellation(current, { reason: input.reason, now, staffStarted }));
      const next = cancellation.application;
      if (cancellation.kind === 'requested') {
        return {
          change: {
            application: next,
            expectedVersion: current.version,
            mails: [{ to: user.email, template: 'cancellation_requested', data: { fullName: user.fullName, applicationNumber: next.applicationNumber, applicationId: next.id } }],
          },
        };
      }
      const refund = refundRequest(cancellation.refund, CANCELLED_AT_ONCE_REFUND_REASON, { userId: user.id, name: user.email }, now);
      return {
        change: {
          application: next,
          expectedVersion: current.version,
          ...statusChange({ fromStatus: current.status, toStatus: next.status, changedBy: user.id, changedByName: user.email, message: CANCELLED_MESSAGE, changedAt: now }),
          ...withRefund(refund),
          mails: [cancelledMail(next, user, cancellation.refund, null)],
        },
      };
    });
    if (outcome.kind !== 'committed') throw new Error('A cancellation is always committed or refused.');
    const application = outcome.result.application;
    const refundPence = outcome.change.refund?.amount ?? 0;
    const cancelled = application.cancelledAt !== null;
    if (cancelled) await closeOpenPayments(ports, application);
    const refund = await refundNow(ports, sendRefund, applicationId, refundPence > 0);
    await ports.analytics.record({
      name: cancelled ? 'application_cancelled' : 'cancellation_requested',
      path: null,
      userId: user.id,
      properties: { applicationId, refunded: refundPence, currency: 'gbp' },
      occurredAt: now,
    });
    const current = (await ports.applications.findById(applicationId)) ?? application;
    return { application: toView(current, ports.clock.now()), outcome: cancelled ? 'cancelled' : 'requested', refundPence, refund };
  };
}
