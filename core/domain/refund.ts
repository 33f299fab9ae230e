import type { PaymentType } from './fees.js';
import type { Currency } from './money.js';

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

/** Default of REFUND_APPROVAL_PENCE: a staff refund above £50 needs a second, different member of staff. */
export const DEFAULT_REFUND_APPROVAL_PENCE = 5000;

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
