import type { Application } from '../domain/application.js';
import { CANCELLED_MESSAGE, decideCancellation, decideCancellationRequest, type CancellationDecisionInput } from '../domain/cancellation.js';
import { PAYMENT_TYPES } from '../domain/fees.js';
import { paymentKeyOf } from '../domain/payment.js';
import type { RefundRequest, RefundStatus } from '../domain/refund.js';
import { isDomainError } from '../domain/errors.js';
import type { SendRefund } from './send-refund.js';
import { unwrap } from '../domain/result.js';
import type { User } from '../domain/user.js';
import type { OutboxMailInput } from '../ports/mail-outbox.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import { jobsForRefund } from '../domain/jobs.js';
import { commitWithRetry, loadOwned, requirePermission, requireUser, staffView, toView } from './shared.js';
import type { Actor, ApplicationView } from './types.js';
import { statusChange } from '../domain/status-history.js';

export interface CancellationOutcome {
  application: ApplicationView;
  /** 'cancelled': done now; 'requested': staff decide. */
  outcome: 'cancelled' | 'requested';
  /** Pence of the initial fee being refunded (0: none). */
  refundPence: number;
  /** The refund asked for with it, as it stands after the first attempt (null: none). */
  refund: { id: number; status: RefundStatus } | null;
}

/** The reason an applicant's cancellation at once gives its refund. */
export const CANCELLED_AT_ONCE_REFUND_REASON = 'Cancelled by the applicant within 14 days, before work started';

function cancelledMail(application: Application, user: User, refund: number, message: string | null): OutboxMailInput {
  return {
    to: user.email,
    template: 'application_cancelled',
    data: { fullName: user.fullName, applicationNumber: application.applicationNumber, applicationId: application.id, refundAmount: refund, message },
  };
}

function refundRequest(amount: number, reason: string, by: { userId: number; name: string }, now: Date): RefundRequest | undefined {
  if (amount <= 0) return undefined;
  return { paymentType: 'initial', amount, reason, source: 'cancellation', status: 'pending', requestedBy: by.userId, requestedByName: by.name, createdAt: now };
}

/**
 * Cancelling an application (docs/product.md, "Cancelling an application"): the applicant cancels
 * (at once, with the £10 refunded, inside the 14 days and before staff started; otherwise as a
 * request), and staff accept a request (refunding what they choose) or decline it. The refund is
 * asked for in the same commit as the cancellation and sent to the gateway by its job, so a
 * cancellation never stands without its refund, nor is a refund sent twice.
 */
export function makeCancellations(ports: Pick<Ports, 'applications' | 'users' | 'history' | 'clock' | 'gateway' | 'analytics' | 'refunds' | 'audit'>, sendRefund: SendRefund) {
  /**
   * Sends the refund the cancellation asked for at once (its job would also send it, moments later,
   * and retries it while the gateway is down): the answer can then say it was refunded.
   */
  async function refundNow(applicationId: number, requested: boolean): Promise<CancellationOutcome['refund']> {
    if (!requested) return null;
    const refunds = await ports.refunds.listByApplication(applicationId);
    const refund = refunds.filter((r) => r.source === 'cancellation').at(-1);
    if (!refund) return null;
    try {
      const sent = await sendRefund(refund.id);
      return { id: refund.id, status: sent?.status ?? refund.status };
    } catch (error) {
      if (isDomainError(error) && error.data.type === 'Unavailable') return { id: refund.id, status: refund.status };
      throw error;
    }
  }

  /** Nobody can pay a fee of a cancelled application any more (best effort, as for a rejection). */
  async function closeOpenPayments(application: Application): Promise<void> {
    for (const type of PAYMENT_TYPES) {
      try {
        await ports.gateway.cancelOpenPayments(paymentKeyOf(application, type));
      } catch {
        // A payment still made on a stale page is listed for staff to refund (payments to check).
      }
    }
  }

  async function cancelApplication(actor: Actor, applicationId: number, input: { reason: string | null }): Promise<CancellationOutcome> {
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
          ...(refund ? { refund, jobs: jobsForRefund(refund.status) } : {}),
          mails: [cancelledMail(next, user, cancellation.refund, null)],
        },
      };
    });
    if (outcome.kind !== 'committed') throw new Error('A cancellation is always committed or refused.');
    const application = outcome.result.application;
    const refundPence = outcome.change.refund?.amount ?? 0;
    const cancelled = application.cancelledAt !== null;
    if (cancelled) await closeOpenPayments(application);
    const refund = await refundNow(applicationId, refundPence > 0);
    await ports.analytics.record({
      name: cancelled ? 'application_cancelled' : 'cancellation_requested',
      path: null,
      userId: user.id,
      properties: { applicationId, refunded: refundPence, currency: 'gbp' },
      occurredAt: now,
    });
    const current = (await ports.applications.findById(applicationId)) ?? application;
    return { application: toView(current, ports.clock.now()), outcome: cancelled ? 'cancelled' : 'requested', refundPence, refund };
  }

  async function decideCancellation_(actor: Actor, applicationId: number, input: CancellationDecisionInput): Promise<CancellationOutcome> {
    requirePermission(actor, 'refunds.manage');
    const now = ports.clock.now();
    const staff = await requireUser(ports, actor.userId);
    const outcome = await commitWithRetry(ports, applicationId, async (current) => {
      const decided = unwrap(decideCancellationRequest(current, input, now));
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
          ...(refund ? { refund, jobs: jobsForRefund(refund.status) } : {}),
          mails: [cancelledMail(next, user, decided.refund, input.message)],
          audit: [decisionAudit(current, next, refund?.amount ?? 0)],
        },
      };
    });
    if (outcome.kind !== 'committed') throw new Error('A cancellation decision is always committed or refused.');
    const application = outcome.result.application;
    const refundPence = outcome.change.refund?.amount ?? 0;
    if (application.cancelledAt !== null) await closeOpenPayments(application);
    const refund = await refundNow(applicationId, refundPence > 0);
    const current = (await ports.applications.findById(applicationId)) ?? application;
    return { application: staffView(current, ports.clock.now()), outcome: application.cancelledAt ? 'cancelled' : 'requested', refundPence, refund };
  }

  return { cancelApplication, decideCancellationRequest: decideCancellation_ };
}
