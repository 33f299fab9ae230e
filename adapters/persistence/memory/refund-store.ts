import { PROVIDER_REQUESTER, type Refund } from '../../../core/domain/refund.js';
import type { RefundRepository } from '../../../core/ports/refund-repository.js';
import { errors } from '../../../core/domain/errors.js';
import { resolveAudit } from '../../../core/domain/audit.js';
import { addRefund, appendAudit, copy, issueReceipt, queueJobs, queueMails, refundablePayment, time, type MemoryState } from './state.js';

/** The refunds (docs/product.md §4.7): each method's synchronous body is its transaction (see state.ts). */
export function refundStore(s: MemoryState): RefundRepository {
  const byGatewayId = (id: string): Refund | undefined => [...s.refunds.values()].find((r) => r.gatewayRefundId === id);
  const oldestFirst = (a: Refund, b: Refund) => time(a.createdAt) - time(b.createdAt) || a.id - b.id;
  return {
    async request(applicationId, request, extras) {
      const added = addRefund(s, refundablePayment(s, applicationId, request), request);
      if (!added.replayed) {
        const created = { refund: added.refund.id };
        queueMails(s, extras?.mails, request.createdAt);
        queueJobs(s, extras?.jobs, created);
        appendAudit(s, resolveAudit(extras?.audit, created));
      }
      return added;
    },
    async approve(refundId, approver, now, extras) {
      const refund = s.refunds.get(refundId);
      if (!refund || refund.status !== 'pending_approval') return null;
      Object.assign(refund, { status: 'pending', approvedBy: approver.userId, approvedByName: approver.name, updatedAt: new Date(time(now)) });
      queueJobs(s, extras?.jobs, {});
      appendAudit(s, resolveAudit(extras?.audit, {}));
      return copy(refund);
    },
    async settle(refundId, settlement, now) {
      const refund = s.refunds.get(refundId);
      if (!refund) return null;
      if (refund.status !== 'pending') return { refund: copy(refund), changed: false };
      if (settlement.status === 'pending') {
        if (refund.gatewayRefundId !== null) return { refund: copy(refund), changed: false };
        Object.assign(refund, { gatewayRefundId: settlement.gatewayRefundId, updatedAt: new Date(time(now)) });
        return { refund: copy(refund), changed: true };
      }
      const gatewayRefundId = settlement.gatewayRefundId ?? refund.gatewayRefundId;
      if (gatewayRefundId !== null && gatewayRefundId !== refund.gatewayRefundId && byGatewayId(gatewayRefundId)) throw errors.conflict('This gateway refund is recorded already.');
      if (settlement.status === 'failed') {
        Object.assign(refund, { status: 'failed', gatewayRefundId, failureReason: settlement.failureReason, updatedAt: new Date(time(now)) });
        return { refund: copy(refund), changed: true };
      }
      Object.assign(refund, { status: 'succeeded', gatewayRefundId, updatedAt: new Date(time(now)) });
      // Money given back: the refunded amount grows and the version moves (see the SQL store).
      const application = s.applications.get(refund.applicationId);
      if (application) {
        application.refundedAmount += refund.amount;
        application.version += 1;
      }
      if (settlement.creditNote) issueReceipt(s, settlement.creditNote);
      queueMails(s, settlement.mails, now);
      return { refund: copy(refund), changed: true };
    },
    async recordProviderRefund(input, extras) {
      const known = byGatewayId(input.gateway.id);
      if (known) return { refund: copy(known), recorded: false };
      const payment = s.payments.get(input.paymentId);
      if (!payment) throw errors.notFound('Payment');
      const id = ++s.seq.refunds;
      const refund: Refund = {
        id,
        paymentId: payment.id,
        applicationId: payment.applicationId,
        paymentType: payment.type,
        amount: input.gateway.amount,
        currency: payment.currency,
        reason: input.reason,
        status: 'pending',
        source: 'provider',
        requestedBy: null,
        requestedByName: PROVIDER_REQUESTER,
        approvedBy: null,
        approvedByName: null,
        gatewayRefundId: input.gateway.id,
        failureReason: null,
        createdAt: new Date(time(input.createdAt)),
        updatedAt: new Date(time(input.createdAt)),
      };
      s.refunds.set(id, refund);
      queueJobs(s, extras?.jobs, { refund: id });
      return { refund: copy(refund), recorded: true };
    },
    async findById(id) {
      const refund = s.refunds.get(id);
      return refund ? copy(refund) : null;
    },
    async findByGatewayId(id) {
      const refund = byGatewayId(id);
      return refund ? copy(refund) : null;
    },
    async listByApplication(applicationId) {
      return [...s.refunds.values()]
        .filter((r) => r.applicationId === applicationId)
        .sort(oldestFirst)
        .map(copy);
    },
    async listSince(since) {
      return [...s.refunds.values()]
        .filter((r) => time(r.createdAt) >= time(since))
        .sort(oldestFirst)
        .map(copy);
    },
    async listAwaitingApproval() {
      const waiting = [...s.refunds.values()].filter((r) => r.status === 'pending_approval').sort(oldestFirst);
      return waiting.flatMap((refund) => {
        const application = s.applications.get(refund.applicationId);
        return application ? [{ refund: copy(refund), applicationNumber: application.applicationNumber, givenName: application.givenName, surname: application.surname }] : [];
      });
    },
  };
}
