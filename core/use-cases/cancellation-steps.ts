import type { Application } from '../domain/application.js';
import { isDomainError } from '../domain/errors.js';
import { PAYMENT_TYPES } from '../domain/fees.js';
import { paymentKeyOf } from '../domain/payment.js';
import type { RefundRequest, RefundStatus } from '../domain/refund.js';
import type { User } from '../domain/user.js';
import type { OutboxMailInput } from '../ports/mail-outbox.js';
import type { Ports } from '../ports/index.js';
import type { SendRefund } from './send-refund.js';
import type { ApplicationView } from './types.js';
import { jobsForRefund } from '../domain/jobs.js';
import type { ApplicationChange } from '../ports/application-repository.js';

/** What both cancellation verbs share (cancel-application.ts, decide-cancellation-request.ts). */

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

export function cancelledMail(application: Application, user: User, refund: number, message: string | null): OutboxMailInput {
  return {
    to: user.email,
    template: 'application_cancelled',
    data: { fullName: user.fullName, applicationNumber: application.applicationNumber, applicationId: application.id, refundAmount: refund, message },
  };
}

export function refundRequest(amount: number, reason: string, by: { userId: number; name: string }, now: Date): RefundRequest | undefined {
  if (amount <= 0) return undefined;
  return { paymentType: 'initial', amount, reason, source: 'cancellation', status: 'pending', requestedBy: by.userId, requestedByName: by.name, createdAt: now };
}

/** A cancellation change's refund part: the refund asked for with it and the job that sends it (none: nothing). */
export function withRefund(refund: RefundRequest | undefined): Pick<ApplicationChange, 'refund' | 'jobs'> {
  return refund ? { refund, jobs: jobsForRefund(refund.status) } : {};
}

/**
 * Sends the refund the cancellation asked for at once (its job would also send it, moments later,
 * and retries it while the gateway is down): the answer can then say it was refunded.
 */
export async function refundNow(ports: Pick<Ports, 'refunds'>, sendRefund: SendRefund, applicationId: number, requested: boolean): Promise<CancellationOutcome['refund']> {
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
export async function closeOpenPayments(ports: Pick<Ports, 'gateway'>, application: Application): Promise<void> {
  for (const type of PAYMENT_TYPES) {
    try {
      await ports.gateway.cancelOpenPayments(paymentKeyOf(application, type));
    } catch {
      // A payment still made on a stale page is listed for staff to refund (payments to check).
    }
  }
}
