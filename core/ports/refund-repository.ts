import type { NewReceipt } from '../domain/receipt.js';
import type { GatewayRefund, Refund, RefundAwaitingApproval, RefundRequest } from '../domain/refund.js';
import type { AuditDraft } from '../domain/audit.js';
import type { ChangeJob } from '../domain/jobs.js';
import type { OutboxMailInput } from './mail-outbox.js';

/**
 * What a refund write carries besides the refund, decided by the use case and written in the same
 * transaction (never with a replay or a write that changed nothing): the mails it causes, the jobs
 * it queues (core/domain/jobs.ts) and the audit rows of the staff action it is (decision 0010).
 */
export interface RefundWriteExtras {
  mails?: OutboxMailInput[];
  jobs?: ChangeJob[];
  audit?: AuditDraft[];
}

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
   * Stores a refund of the application's payment of `request.paymentType` as decideRefund
   * (core/domain/refund.ts) allows, read under the payment's lock: no such payment, or more than is
   * left of it, is Validation and nothing is written; the same request again answers the refund it
   * made, `replayed`, and writes nothing. `extras` are written with a refund stored now.
   */
  request(applicationId: number, request: RefundRequest, extras?: RefundWriteExtras): Promise<{ refund: Refund; replayed: boolean }>;
  /**
   * pending_approval → pending by `approver`, with `extras` (its send-refund job, the approval's
   * audit row). Null, and nothing written, when it is not waiting for approval (any more). The caller
   * checks the approver is not the requester.
   */
  approve(refundId: number, approver: StaffMember, now: Date, extras?: RefundWriteExtras): Promise<Refund | null>;
  /** Settles a pending refund (compare-and-set); a refund already settled is answered unchanged. Null when there is no such refund. */
  settle(refundId: number, settlement: RefundSettlement, now: Date): Promise<SettleResult | null>;
  /**
   * Records a refund made at the gateway outside the product, as 'pending' with its gateway id and
   * `extras` (the send-refund job that settles it); a gateway id already recorded answers that refund
   * instead, writing nothing.
   */
  recordProviderRefund(refund: ProviderRefund, extras?: RefundWriteExtras): Promise<{ refund: Refund; recorded: boolean }>;
  findById(id: number): Promise<Refund | null>;
  findByGatewayId(gatewayRefundId: string): Promise<Refund | null>;
  /** Oldest first. */
  listByApplication(applicationId: number): Promise<Refund[]>;
  /** Every refund created at or after `since`, oldest first. */
  listSince(since: Date): Promise<Refund[]>;
  /** The refunds waiting for a second member of staff (pending_approval), oldest first, with their application's number and traveller. */
  listAwaitingApproval(): Promise<RefundAwaitingApproval[]>;
}
