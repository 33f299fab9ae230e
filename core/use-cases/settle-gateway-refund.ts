import type { GatewayRefund, Refund } from '../domain/refund.js';
import type { Ports } from '../ports/index.js';
import { makeSettleRefund, paymentOf } from './settle-refund.js';
import { jobsForRefund } from '../domain/jobs.js';

export const PROVIDER_REFUND_REASON = 'Refunded at the payment provider, outside the product.';

/** What settling one refund the gateway reported did. */
export interface GatewayRefundSettled {
  /** Our refund, or null when the gateway's refund is of a payment the product never recorded. */
  refund: Refund | null;
  /** The refund was unknown here and is now recorded (source 'provider'). */
  recorded: boolean;
  /** This call changed the refund (recorded it or settled it). */
  changed: boolean;
}

/**
 * A refund the gateway reports (a webhook: Stripe's `refund.updated` or `charge.refunded`; or
 * reconciliation) brought into the refunds table (docs/product.md §4.7): ours — found by the refund
 * id in its metadata, or by its gateway id — is settled with it (once, whatever arrives first: the
 * gateway's answer or the webhook); one the product never made (staff refunded at the provider) is
 * recorded once, with source 'provider', against the payment it refunds, then settled.
 */
export function makeSettleGatewayRefund(ports: Pick<Ports, 'refunds' | 'payments' | 'applications' | 'users' | 'receipts' | 'analytics' | 'clock'>) {
  const settleRefund = makeSettleRefund(ports);

  /** Our refund named by the metadata, if it really is this refund (its payment is the one refunded). */
  async function ours(gateway: GatewayRefund): Promise<Refund | null> {
    if (gateway.refundId === null) return null;
    const refund = await ports.refunds.findById(gateway.refundId);
    if (!refund || (refund.gatewayRefundId !== null && refund.gatewayRefundId !== gateway.id)) return null;
    const payment = await paymentOf(ports, refund);
    return payment?.providerPaymentId === gateway.paymentId ? refund : null;
  }

  return async function settleGatewayRefund(gateway: GatewayRefund): Promise<GatewayRefundSettled> {
    let refund = (await ours(gateway)) ?? (await ports.refunds.findByGatewayId(gateway.id));
    let recorded = false;
    if (!refund) {
      const payment = gateway.paymentId ? await ports.payments.findByProviderPaymentId(gateway.paymentId) : null;
      if (!payment) return { refund: null, recorded: false, changed: false };
      // Its job settles it with what the gateway says, should this call stop before settling it.
      const made = await ports.refunds.recordProviderRefund({ paymentId: payment.id, gateway, reason: PROVIDER_REFUND_REASON, createdAt: gateway.createdAt }, { jobs: jobsForRefund('pending') });
      refund = made.refund;
      recorded = made.recorded;
    }
    if (refund.status !== 'pending') return { refund, recorded, changed: recorded };
    const settled = await settleRefund(refund, { status: 'made', refund: gateway });
    return { refund: settled?.refund ?? refund, recorded, changed: recorded || Boolean(settled?.changed) };
  };
}

export type SettleGatewayRefund = ReturnType<typeof makeSettleGatewayRefund>;
