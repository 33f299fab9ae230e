import type { NewReceipt } from '../domain/receipt.js';
import type { GatewayRefund, Refund, RefundAwaitingApproval, RefundRequest } from '../domain/refund.js';
import type { OutboxMailInput } from './mail-outbox.js';

/** A member of staff, as a refund records them. */
export interface StaffMember {
  userId: number;
  name: string;
}

/**
 * How a pending refund ended at the gateway. A success carries its credit note and the mail that
 * sends it, written only when this settlement is the one that settles the refund.
 */
export type RefundSettlement =
  | { status: 'succeeded'; gatewayRefundId: string | null; creditNote: NewReceipt | null; mails: OutboxMailInput[] }
  | { status: 'failed'; gatewayRefundId: string | null; failureReason: string }
  /** Still under way: only the gateway's id is recorded (the first time it is known). */
  | { status: 'pending'; gatewayRefundId: string };

export interface SettleResult {
  refund: Refund;
  /** True when this call changed the refund (the first settlement); false for a replay. */
  changed: boolean;
}

/** A refund the gateway made that the product did not ask for (Stripe's dashboard): recorded once. */
export interface ProviderRefund {
  /** The recorded payment it refunds. */
  paymentId: number;
  gateway: GatewayRefund;
  reason: string;
  createdAt: Date;
}

/**
 * The refunds table (docs/product.md §4.7). Every write is one transaction that checks what it
 * changes: a refund is inserted only while the amount fits in what is left of its payment (the
 * payment row is locked while that is checked), each status moves by compare-and-set, and a
 * succeeded refund adds to its application's refundedAmount (and version) in the same transaction
 * as its credit note and mail. Replays therefore change nothing twice.
 */
export interface RefundRepository {
  /**
   * Stores a refund of the application's payment of `request.paymentType`, with its send-refund job
   * when it is 'pending'. No such payment, or more than is left of it: Validation, and nothing is
   * written. The same request again (isReplayOf) answers the refund it made, `replayed`. `mails`
   * (the approvers' notice of a refund that waits) are queued with a refund stored now, in the same
   * transaction, never with a replay.
   */
  request(applicationId: number, request: RefundRequest, options?: { mails?: OutboxMailInput[] }): Promise<{ refund: Refund; replayed: boolean }>;
  /**
   * pending_approval → pending by `approver`, with its send-refund job. Null when it is not waiting
   * for approval (any more). The caller checks the approver is not the requester.
   */
  approve(refundId: number, approver: StaffMember, now: Date): Promise<Refund | null>;
  /** Settles a pending refund (compare-and-set); a refund already settled is answered unchanged. Null when there is no such refund. */
  settle(refundId: number, settlement: RefundSettlement, now: Date): Promise<SettleResult | null>;
  /**
   * Records a refund made at the gateway outside the product, as 'pending' with its gateway id and a
   * send-refund job (which settles it); a gateway id already recorded answers that refund instead.
   */
  recordProviderRefund(refund: ProviderRefund): Promise<{ refund: Refund; recorded: boolean }>;
  findById(id: number): Promise<Refund | null>;
  findByGatewayId(gatewayRefundId: string): Promise<Refund | null>;
  /** Oldest first. */
  listByApplication(applicationId: number): Promise<Refund[]>;
  /** Every refund created at or after `since`, oldest first. */
  listSince(since: Date): Promise<Refund[]>;
  /** The refunds waiting for a second member of staff (pending_approval), oldest first, with their application's number and traveller. */
  listAwaitingApproval(): Promise<RefundAwaitingApproval[]>;
}
