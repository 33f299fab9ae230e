import { errors } from '../domain/errors.js';
import type { Application } from '../domain/application.js';
import { roleAllows } from '../domain/permissions.js';
import type { Refund, RefundRequest } from '../domain/refund.js';
import { staffRoleOf, type User } from '../domain/user.js';
import type { OutboxMailInput } from '../ports/mail-outbox.js';
import type { Ports } from '../ports/index.js';
import type { RefundRequestInput } from '../schemas/refund.js';
import type { SendRefund } from './send-refund.js';
import { auditEntry } from './audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';
import { jobsForRefund } from '../domain/jobs.js';

/**
 * The notice to every active member of staff who may approve a refund (their role allows
 * `refunds.manage`), except the one who asked for it (docs/product.md §4.7).
 */
export function approverMails(staff: readonly User[], requester: Actor, application: Application, request: RefundRequest, approvalLimit: number): OutboxMailInput[] {
  return staff
    .filter((member) => member.id !== requester.userId && member.deactivatedAt === null && roleAllows(staffRoleOf(member), 'refunds.manage'))
    .map((member) => ({
      to: member.email,
      template: 'refund_approval_needed',
      data: {
        fullName: member.fullName,
        applicationNumber: application.applicationNumber,
        paymentType: request.paymentType,
        amount: request.amount,
        requestedByName: request.requestedByName,
        reason: request.reason,
        approvalLimit,
      },
    }));
}

/** The name a refund records for the member of staff (their full name, else their email). */
export async function staffName(ports: Pick<Ports, 'users'>, actor: Actor): Promise<string> {
  const user = await ports.users.findById(actor.userId);
  return user?.fullName.trim() || actor.email;
}

/**
 * Staff refund an application's fee, in full or in part, with a reason (docs/product.md §4.7). Up to
 * REFUND_APPROVAL_PENCE it is sent to the gateway at once and answered as it settled ('succeeded',
 * 'failed', or 'pending' while the gateway works on it); above, it waits for a second, different
 * member of staff ('pending_approval'), and those who may approve it are mailed. More than is left of the payment, or a fee never paid:
 * Validation, nothing written. A gateway that is down: Unavailable — the refund stays pending and
 * its job sends it later (nothing is counted as refunded until the gateway says so). The same
 * request again answers the refund it made (`replayed`).
 */
export function makeRequestRefund(ports: Pick<Ports, 'applications' | 'users' | 'refunds' | 'settings' | 'clock' | 'audit'>, sendRefund: SendRefund) {
  return async function requestRefund(actor: Actor, applicationId: number, input: RefundRequestInput): Promise<{ refund: Refund; replayed: boolean }> {
    requirePermission(actor, 'refunds.manage');
    const application = await ports.applications.findById(applicationId);
    if (!application) throw errors.notFound('Application');
    const waits = input.amountPence > ports.settings.refundApprovalPence;
    const requestedByName = await staffName(ports, actor);
    const request: RefundRequest = {
      paymentType: input.paymentType,
      amount: input.amountPence,
      reason: input.reason,
      source: 'staff',
      status: waits ? 'pending_approval' : 'pending',
      requestedBy: actor.userId,
      requestedByName,
      createdAt: ports.clock.now(),
    };
    // A refund that waits tells those who may approve it, in the transaction that stores it.
    const mails = waits ? approverMails(await ports.users.listStaff(), actor, application, request, ports.settings.refundApprovalPence) : [];
    // Stored with its job (when it can go now) and its audit row, in one transaction (decision 0010).
    const { refund, replayed } = await ports.refunds.request(applicationId, request, {
      mails,
      jobs: jobsForRefund(request.status),
      audit: [
        auditEntry(ports, actor, {
          action: 'refund.requested',
          target: { type: 'refund', id: null },
          targetIsNew: 'refund',
          applicationId,
          after: { paymentType: request.paymentType, amount: request.amount, reason: input.reason, status: request.status },
        }),
      ],
    });
    if (refund.status !== 'pending') return { refund, replayed };
    return { refund: (await sendRefund(refund.id)) ?? refund, replayed };
  };
}
