import type { Application } from './application.js';
import { errors } from './errors.js';
import { INITIAL_FEE } from './fees.js';
import { fail, ok, type Result } from './result.js';
import type { ApplicationStatus } from './status.js';
import { resumeGuarantee } from './guarantee.js';

/**
 * Cancelling an application (docs/product.md, "Cancelling an application"). The agency sells a
 * service at a distance, so the applicant has 14 days from the initial payment to cancel. Having
 * asked us to start at once, they owe what was done by the time they cancel: before staff have
 * touched the application nothing was, and the £10 comes back at once; after, staff decide the
 * refund. Once the application is submitted to the portal (verified) it cannot be cancelled.
 */
export const CANCELLATION_PERIOD_DAYS = 14;
const DAY_MS = 86_400_000;

/** The statuses an applicant may cancel in: everything before the application goes to the portal. */
export const CANCELLABLE_STATUSES: readonly ApplicationStatus[] = ['online_entry', 'application_created', 'under_process', 'additional_info_required'];

export const CANCELLATION_MESSAGES = {
  alreadyCancelled: 'This application has already been cancelled.',
  alreadyRequested: 'You have already asked to cancel this application.',
  tooLate: 'This application has already been submitted to the Egyptian portal and can no longer be cancelled. Please contact us.',
  rejected: 'This application has been rejected and cannot be cancelled.',
  noRequest: 'There is no cancellation request waiting for a decision on this application.',
  refundTooLarge: (left: number) => `The refund can be at most ${left} pence (what is left of the initial fee).`,
} as const;

export const CANCELLED_MESSAGE = 'Cancelled by the applicant';

/** Where an application stands on cancellation, as the applicant and staff see it. */
export type CancellationState = 'none' | 'requested' | 'declined' | 'cancelled';

export function cancellationState(a: Pick<Application, 'cancelledAt' | 'cancellationRequestedAt' | 'cancellationDeclinedAt'>): CancellationState {
  if (a.cancelledAt) return 'cancelled';
  if (a.cancellationDeclinedAt) return 'declined';
  if (a.cancellationRequestedAt) return 'requested';
  return 'none';
}

/** What an applicant's cancellation does. */
export type Cancellation =
  /** Cancelled now; `refund` pence of the initial fee go back at once (0: nothing was paid). */
  | { kind: 'cancelled'; application: Application; refund: number }
  /** Staff decide: the application waits with the request on it. */
  | { kind: 'requested'; application: Application };

/**
 * The applicant cancels. `staffStarted`: a member of staff has changed the application's status
 * (from its status history).
 */
export function decideCancellation(application: Application, input: { reason: string | null; now: Date; staffStarted: boolean }): Result<Cancellation> {
  const refusal = refuseCancellation(application);
  if (refusal) return fail(refusal);
  const { now, reason } = input;
  const cancelled = (refund: number): Cancellation => ({
    kind: 'cancelled',
    refund,
    application: resumeGuarantee({ ...application, status: 'rejected', cancelledAt: now, cancellationReason: reason, updatedAt: now }, now),
  });
  if (application.initialPaymentId === null) return ok(cancelled(0));
  const paidAt = application.initialPaymentAt ?? application.createdAt;
  const withinPeriod = now.getTime() - paidAt.getTime() <= CANCELLATION_PERIOD_DAYS * DAY_MS;
  // Without the request to start at once, nothing done inside the 14 days can be charged for.
  const nothingOwed = application.serviceStartRequestedAt === null || (application.status === 'application_created' && !input.staffStarted);
  if (withinPeriod && nothingOwed) {
    return ok(cancelled(Math.max(0, INITIAL_FEE.amount - application.refundedAmount)));
  }
  return ok({ kind: 'requested', application: { ...application, cancellationRequestedAt: now, cancellationReason: reason, updatedAt: now } });
}

function refuseCancellation(application: Application) {
  const state = cancellationState(application);
  if (state === 'cancelled') return errors.conflict(CANCELLATION_MESSAGES.alreadyCancelled);
  if (state !== 'none') return errors.conflict(CANCELLATION_MESSAGES.alreadyRequested);
  if (application.status === 'rejected') return errors.conflict(CANCELLATION_MESSAGES.rejected);
  if (!CANCELLABLE_STATUSES.includes(application.status)) return errors.conflict(CANCELLATION_MESSAGES.tooLate);
  return null;
}

/** Staff's decision on a cancellation request. */
export type CancellationDecisionInput = { decision: 'accept'; refundPence: number; message: string | null } | { decision: 'decline'; message: string };

/**
 * Staff accept a cancellation request (the application is cancelled and `refundPence` of the initial
 * fee is refunded — 0 when the work done used it up) or decline it with a message. Accepting is
 * possible in any status the applicant could ask in; staff may also have moved it on since.
 */
export function decideCancellationRequest(application: Application, input: CancellationDecisionInput, now: Date): Result<{ application: Application; refund: number }> {
  if (cancellationState(application) !== 'requested') return fail(errors.conflict(CANCELLATION_MESSAGES.noRequest));
  if (input.decision === 'decline') {
    return ok({ application: { ...application, cancellationDeclinedAt: now, cancellationResponse: input.message, updatedAt: now }, refund: 0 });
  }
  const paid = application.initialPaymentId !== null ? INITIAL_FEE.amount : 0;
  const left = Math.max(0, paid - application.refundedAmount);
  if (input.refundPence > left) {
    const message = CANCELLATION_MESSAGES.refundTooLarge(left);
    return fail(errors.validation(message, { refundPence: [message] }));
  }
  return ok({
    application: resumeGuarantee({ ...application, status: 'rejected', cancelledAt: now, cancellationResponse: input.message, updatedAt: now }, now),
    refund: input.refundPence,
  });
}
