import { creditNote, receiptKeyOfPayment, receiptKeyOfRefund } from '../domain/receipt.js';
import { settledStatusOf, type Refund, type RefundOutcome } from '../domain/refund.js';
import type { PaymentRecord } from '../domain/payment.js';
import type { Ports } from '../ports/index.js';
import type { RefundSettlement, SettleResult } from '../ports/refund-repository.js';

export type SettlePorts = Pick<Ports, 'refunds' | 'payments' | 'applications' | 'users' | 'receipts' | 'analytics' | 'clock'>;

const GATEWAY_FAILED_REFUND = 'The payment provider could not make the refund.';

/** The payment record a refund refunds. */
export async function paymentOf(ports: Pick<Ports, 'payments'>, refund: Refund): Promise<PaymentRecord | null> {
  return (await ports.payments.listByApplication(refund.applicationId)).find((p) => p.id === refund.paymentId) ?? null;
}

/**
 * (A helper of the refund use cases, not one itself.) Settles a pending refund with what the gateway answered (docs/product.md §4.7): a success adds
 * to the application's refunded amount with its credit note (kind 'refund', numbered in the same
 * transaction) and the 'refund_issued' mail carrying it; a refusal or failure records the reason;
 * a refund still under way records the gateway's id. Settling twice (the answer and a webhook, a
 * webhook replayed) changes nothing the second time. Analytics see a positive `refunded` amount.
 */
export function makeSettleRefund(ports: SettlePorts) {
  async function succeeded(refund: Refund, gatewayRefundId: string | null): Promise<RefundSettlement> {
    const now = ports.clock.now();
    const application = await ports.applications.findById(refund.applicationId);
    const user = application ? await ports.users.findById(application.userId) : null;
    if (!application || !user) return { status: 'succeeded', gatewayRefundId, creditNote: null, mails: [] };
    const payment = await paymentOf(ports, refund);
    const receipt = payment?.providerPaymentId ? await ports.receipts.findByKey(receiptKeyOfPayment(payment.providerPaymentId)) : null;
    const note = creditNote({
      refundId: refund.id,
      paymentType: refund.paymentType,
      amount: refund.amount,
      currency: refund.currency,
      payer: { userId: user.id, fullName: user.fullName, email: user.email },
      traveller: { applicationNumber: application.applicationNumber, givenName: application.givenName, surname: application.surname },
      // The card the payment's receipt names, where it has one.
      card: receipt?.card ?? null,
      applicationId: application.id,
      refersTo: receipt?.number ?? null,
      issuedAt: now,
    });
    return {
      status: 'succeeded',
      gatewayRefundId,
      creditNote: note,
      mails: [
        {
          to: user.email,
          template: 'refund_issued',
          data: { fullName: user.fullName, applicationNumber: application.applicationNumber, applicationId: application.id, paymentType: refund.paymentType, amount: refund.amount },
          attachments: [{ receiptKey: receiptKeyOfRefund(refund.id) }],
        },
      ],
    };
  }

  return async function settleRefund(refund: Refund, answer: RefundOutcome): Promise<SettleResult | null> {
    let settlement: RefundSettlement;
    if (answer.status === 'refused') {
      settlement = { status: 'failed', gatewayRefundId: null, failureReason: answer.reason };
    } else {
      const outcome = settledStatusOf(answer.refund);
      if (outcome === 'succeeded') settlement = await succeeded(refund, answer.refund.id);
      else if (outcome === 'failed') settlement = { status: 'failed', gatewayRefundId: answer.refund.id, failureReason: answer.refund.failureReason ?? GATEWAY_FAILED_REFUND };
      else settlement = { status: 'pending', gatewayRefundId: answer.refund.id };
    }
    const result = await ports.refunds.settle(refund.id, settlement, ports.clock.now());
    if (result?.changed && result.refund.status === 'succeeded') {
      await ports.analytics.record({
        name: 'refund_succeeded',
        path: null,
        userId: null,
        properties: { applicationId: refund.applicationId, paymentType: refund.paymentType, refunded: refund.amount, currency: refund.currency },
        occurredAt: ports.clock.now(),
      });
    }
    return result;
  };
}

export type SettleRefund = ReturnType<typeof makeSettleRefund>;
