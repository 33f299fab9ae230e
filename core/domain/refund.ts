import { msg } from '../i18n/index.js';
import { errors } from './errors.js';
import type { PaymentType } from './fees.js';
import { fail, ok, type Result } from './result.js';
import { formatPence, type Currency } from './money.js';

/**
 * A refund's life: staff refunds above the approval limit wait for a second member of staff
 * ('pending_approval'); an approved refund is 'pending' until the gateway answers, then
 * 'succeeded' or 'failed'. Only a succeeded refund counts as money given back.
 */
export const REFUND_STATUSES = ['pending_approval', 'pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Who started it: staff, the applicant's cancellation, or the provider (made outside the product, found by reconciliation or a webhook). */
export const REFUND_SOURCES = ['staff', 'cancellation', 'provider'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/**
 * Default of REFUND_APPROVAL_PENCE: a staff refund above £25 needs a second, different member of
 * staff. Sized for one traveller's fees: the £10 initial fee is refunded at once, the £39 final fee
 * waits for a second pair of eyes (a family's one payment is refunded traveller by traveller).
 */
export const DEFAULT_REFUND_APPROVAL_PENCE = 2500;

export interface Refund {
  id: number;
  /** The payment record (payments.id) it refunds. */
  paymentId: number;
  applicationId: number;
  paymentType: PaymentType;
  amount: number;
  currency: Currency;
  reason: string;
  status: RefundStatus;
  source: RefundSource;
  requestedBy: number | null;
  requestedByName: string;
  approvedBy: number | null;
  approvedByName: string | null;
  /** The gateway's refund id, once it has one. */
  gatewayRefundId: string | null;
  /** Why the gateway refused it. */
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewRefund = Omit<Refund, 'id'>;

/** A refund waiting for a second member of staff, with what the approver needs to recognise it. */
export interface RefundAwaitingApproval {
  refund: Refund;
  applicationNumber: string;
  givenName: string;
  surname: string;
}

/** A refund counts against what is left of its payment unless it failed. */
export function holdsAmount(status: RefundStatus): boolean {
  return status !== 'failed';
}

/** The key a refund is sent to the gateway with: the same refund is never made twice. */
export function refundIdempotencyKey(refundId: number): string {
  return `refund:${refundId}`;
}

/**
 * A refund asked for together with an application change (an applicant's cancellation): the store
 * finds the application's payment of `paymentType`, checks the amount against what is left of it,
 * and stores the refund with its send-refund job in the change's transaction.
 */
export interface RefundRequest {
  paymentType: PaymentType;
  amount: number;
  reason: string;
  source: RefundSource;
  status: 'pending' | 'pending_approval';
  requestedBy: number | null;
  requestedByName: string;
  createdAt: Date;
}

// ---- the gateway's side of a refund (docs/product.md §4.7) ----

/** A refund as the gateway reports it, translated at the adapter boundary. */
export interface GatewayRefund {
  /** The gateway's refund id (Stripe `re_…`). */
  id: string;
  /** The gateway's payment id it refunds (the provider payment id, `pi_…`). */
  paymentId: string;
  amount: number;
  currency: string;
  /** Stripe's `requires_action` reads as 'pending'. */
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  /** Our refund's id, from the metadata it was created with; null for a refund made outside the product. */
  refundId: number | null;
  /** Why the gateway could not make it, when it says. */
  failureReason?: string;
  createdAt: Date;
}

/** What asking the gateway for a refund gave: the refund it made (or already had for the key), or a refusal. */
export type RefundOutcome = { status: 'made'; refund: GatewayRefund } | { status: 'refused'; reason: string };

/** The gateway's final word on a refund, in our vocabulary; null while it is still under way. */
export function settledStatusOf(refund: Pick<GatewayRefund, 'status'>): 'succeeded' | 'failed' | null {
  if (refund.status === 'succeeded') return 'succeeded';
  if (refund.status === 'failed' || refund.status === 'canceled') return 'failed';
  return null;
}

/** Who a refund made outside the product (at the provider) is recorded as requested by. */
export const PROVIDER_REQUESTER = 'Payment provider';

/**
 * The same refund asked for twice (a double click, a retried request): the same payment, amount,
 * reason, source and requester, within this long of the first, while the first still holds its
 * amount. It is answered with the first refund instead of refunding again. A second, genuinely
 * separate refund of the same amount gets its own reason.
 */
export const REFUND_REPLAY_WINDOW_MS = 10 * 60_000;

export function isReplayOf(existing: Pick<Refund, 'amount' | 'reason' | 'source' | 'requestedBy' | 'status' | 'createdAt'>, request: RefundRequest): boolean {
  return (
    holdsAmount(existing.status) &&
    existing.source === request.source &&
    existing.source !== 'provider' &&
    existing.amount === request.amount &&
    existing.reason === request.reason &&
    existing.requestedBy === request.requestedBy &&
    Math.abs(request.createdAt.getTime() - existing.createdAt.getTime()) <= REFUND_REPLAY_WINDOW_MS
  );
}

/** The most a staff member may ask for in one refund (£100,000): far above any fee, far below integer limits. */
export const MAX_REFUND_PENCE = 10_000_000;

/** What is left to refund of a payment of `amount` with these refunds. */
export function refundableLeft(amount: number, refunds: readonly Pick<Refund, 'amount' | 'status'>[]): number {
  const held = refunds.reduce((sum, r) => sum + (holdsAmount(r.status) ? r.amount : 0), 0);
  return Math.max(0, amount - held);
}

/** The Validation message for a refund above what is left of its payment. */
export function moreThanLeftMessage(left: number, paymentType: PaymentType): string {
  return left === 0 ? `Nothing is left to refund of the ${paymentType} fee.` : `The refund is more than is left of the ${paymentType} fee (${formatPence(left)}).`;
}

export const NO_PAYMENT_MESSAGE: Record<PaymentType, string> = {
  initial: 'No initial fee has been paid on this application: there is nothing to refund.',
  final: 'No final fee has been paid on this application: there is nothing to refund.',
};

/**
 * Whether a refund asked for with `request` may be stored, from the payment it refunds (null: none
 * succeeded, or it has no provider payment) and the refunds that payment already holds — read under
 * the payment's lock. The same request again answers the refund it made ('replay'); no payment, or
 * more than is left of it, is a Validation error and nothing is written (docs/product.md §4.7).
 */
export function decideRefund<R extends Pick<Refund, 'amount' | 'reason' | 'source' | 'requestedBy' | 'status' | 'createdAt'>>(
  payment: { amount: number; providerPaymentId: string | null } | null,
  held: readonly R[],
  request: RefundRequest,
): Result<{ kind: 'replay'; refund: R } | { kind: 'store' }> {
  if (!payment || payment.providerPaymentId === null) {
    const message = NO_PAYMENT_MESSAGE[request.paymentType];
    return fail(errors.validation(message, { paymentType: [message] }));
  }
  const first = held.find((r) => isReplayOf(r, request));
  if (first) return ok({ kind: 'replay', refund: first });
  const left = refundableLeft(payment.amount, held);
  if (request.amount > left) {
    const message = moreThanLeftMessage(left, request.paymentType);
    return fail(errors.validation(message, { amountPence: [message] }));
  }
  return ok({ kind: 'store' });
}

/** How a refund's state reads to staff. */
export const REFUND_STATUS_LABELS: Readonly<Record<RefundStatus, string>> = {
  pending_approval: msg('Awaiting approval'),
  pending: msg('Pending'),
  succeeded: msg('Refunded'),
  failed: msg('Failed'),
};
