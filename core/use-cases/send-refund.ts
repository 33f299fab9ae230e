import { refundIdempotencyKey, type Refund, type RefundOutcome } from '../domain/refund.js';
import type { Ports } from '../ports/index.js';
import { makeSettleRefund, paymentOf, type SettlePorts } from './settle-refund.js';

export const GATEWAY_FORGOT_REFUND = 'The payment provider does not know this refund.';
export const PAYMENT_GONE = 'The payment is no longer recorded.';

/**
 * The send-refund job (and the first attempt, made while staff wait): sends a pending refund to the
 * gateway under its own idempotency key — so a retry, however late, never refunds twice — and
 * settles it with the answer. A refund the gateway already has (its id recorded) is read back
 * instead. A gateway that cannot be reached throws Unavailable: the refund stays pending and the
 * job is retried. Null when the refund is gone; a refund not pending any more is answered as it is.
 */
export function makeSendRefund(ports: SettlePorts & Pick<Ports, 'gateway'>) {
  const settleRefund = makeSettleRefund(ports);
  return async function sendRefund(refundId: number): Promise<Refund | null> {
    const refund = await ports.refunds.findById(refundId);
    if (!refund || refund.status !== 'pending') return refund;
    let answer: RefundOutcome;
    if (refund.gatewayRefundId !== null) {
      const known = await ports.gateway.retrieveRefund(refund.gatewayRefundId);
      answer = known ? { status: 'made', refund: known } : { status: 'refused', reason: GATEWAY_FORGOT_REFUND };
    } else {
      const payment = await paymentOf(ports, refund);
      answer = payment?.providerPaymentId
        ? await ports.gateway.refund({
            paymentId: payment.providerPaymentId,
            amount: refund.amount,
            currency: refund.currency,
            idempotencyKey: refundIdempotencyKey(refund.id),
            refundId: refund.id,
          })
        : { status: 'refused', reason: PAYMENT_GONE };
    }
    return (await settleRefund(refund, answer))?.refund ?? null;
  };
}

export type SendRefund = ReturnType<typeof makeSendRefund>;
