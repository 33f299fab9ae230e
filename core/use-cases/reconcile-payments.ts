import { checkGroupPayment } from '../domain/application-group.js';
import { isDomainError } from '../domain/errors.js';
import type { PaymentType } from '../domain/fees.js';
import { checkGatewayPayment } from '../domain/payment-check.js';
import type { GatewayPayment } from '../domain/payment.js';
import { settledStatusOf, type GatewayRefund } from '../domain/refund.js';
import type { SettleGatewayRefund } from './settle-gateway-refund.js';
import type { Ports } from '../ports/index.js';
import type { ConfirmPayment } from './confirm-payment.js';

/** A payment the gateway took that is not recorded on any application. */
export interface UnrecordedPayment {
  paymentIntentId: string;
  applicationId: number | null;
  applicationNumber: string | null;
  paymentType: PaymentType | null;
  amount: number;
  currency: string;
  createdAt: Date;
  /** Whether confirmPayment would record it now. */
  recordable: boolean;
  /** Why it cannot be recorded (then staff record it by hand or refund it). */
  problem?: string;
  /** Recorded by this run (`fix`). */
  fixed: boolean;
}

/**
 * A refund the gateway made that the product does not know, or knows as still pending while the
 * gateway settled it (docs/product.md §4.7): staff refunded in the provider's dashboard, or a
 * webhook never arrived.
 */
export interface UnrecordedRefund {
  gatewayRefundId: string;
  paymentIntentId: string;
  /** The application whose payment it refunds; null when the product never recorded that payment. */
  applicationId: number | null;
  applicationNumber: string | null;
  paymentType: PaymentType | null;
  amount: number;
  currency: string;
  status: GatewayRefund['status'];
  createdAt: Date;
  /** The product has the refund (pending) but not its outcome. */
  known: boolean;
  /** Recorded or settled by this run (`fix`). */
  fixed: boolean;
}

export const PAYMENT_ISSUE_WINDOW_DAYS = 30;

/**
 * Compares the payments the gateway reports as succeeded since `since` with the recorded ones, and
 * says for each one that is missing whether it can be recorded now and, if not, why. With `fix`,
 * each recordable one is recorded through confirmPayment (which checks it with the gateway again).
 * The operator CLI (reconcile-payments) and the admin dashboard's payment check both read this.
 */
export function makeReconcilePayments(
  ports: Pick<Ports, 'gateway' | 'payments' | 'applications' | 'groups' | 'refunds' | 'clock'>,
  confirmPayment: ConfirmPayment,
  settleGatewayRefund: SettleGatewayRefund,
) {
  async function describe(payment: GatewayPayment): Promise<UnrecordedPayment> {
    const entry: UnrecordedPayment = {
      paymentIntentId: payment.id,
      applicationId: payment.applicationId,
      applicationNumber: null,
      paymentType: payment.paymentType,
      amount: payment.amount,
      currency: payment.currency,
      createdAt: payment.createdAt,
      recordable: false,
      fixed: false,
    };
    if (payment.applicationId === null || payment.paymentType === null) {
      entry.problem = 'The payment carries no application id or fee type.';
      return entry;
    }
    const application = await ports.applications.findById(payment.applicationId);
    if (!application) {
      entry.problem = 'The application no longer exists.';
      return entry;
    }
    entry.applicationNumber = application.applicationNumber;
    // A family application's initial payment is the group's (£10 × N, named after its lead application).
    const check =
      application.groupId !== null && payment.paymentType === 'initial'
        ? checkGroupPayment(payment, await ports.groups.listApplications(application.groupId), ports.clock.now())
        : checkGatewayPayment(payment, application, payment.paymentType, ports.clock.now());
    entry.recordable = check.ok;
    if (!check.ok) entry.problem = check.error.message;
    return entry;
  }

  /** The gateway's refunds since `since` that the product lacks or has not settled; with `fix`, recorded and settled. */
  async function reconcileRefunds(options: { since: Date; fix: boolean }): Promise<UnrecordedRefund[]> {
    const out: UnrecordedRefund[] = [];
    for await (const refund of ports.gateway.listRefunds(options.since)) {
      const mine = (await ports.refunds.findByGatewayId(refund.id)) ?? (refund.refundId !== null ? await ports.refunds.findById(refund.refundId) : null);
      const ours = mine && (mine.gatewayRefundId === null || mine.gatewayRefundId === refund.id) ? mine : null;
      // Known and settled alike on both sides, or still under way at the gateway too: nothing to do.
      if (ours && (ours.status !== 'pending' || settledStatusOf(refund) === null)) continue;
      const payment = refund.paymentId ? await ports.payments.findByProviderPaymentId(refund.paymentId) : null;
      const application = payment ? await ports.applications.findById(payment.applicationId) : null;
      const entry: UnrecordedRefund = {
        gatewayRefundId: refund.id,
        paymentIntentId: refund.paymentId,
        applicationId: payment?.applicationId ?? null,
        applicationNumber: application?.applicationNumber ?? null,
        paymentType: payment?.type ?? null,
        amount: refund.amount,
        currency: refund.currency,
        status: refund.status,
        createdAt: refund.createdAt,
        known: ours !== null,
        fixed: false,
      };
      if (options.fix && payment) entry.fixed = (await settleGatewayRefund(refund)).changed;
      out.push(entry);
    }
    return out;
  }

  return async function reconcilePayments(options: { since: Date; fix: boolean }): Promise<{ missing: UnrecordedPayment[]; checked: number; refunds: UnrecordedRefund[] }> {
    const missing: UnrecordedPayment[] = [];
    let checked = 0;
    for await (const payment of ports.gateway.listSucceeded(options.since)) {
      checked += 1;
      if (await ports.payments.findByProviderPaymentId(payment.id)) continue;
      const entry = await describe(payment);
      if (options.fix && entry.recordable) {
        try {
          await confirmPayment(null, entry.applicationId!, entry.paymentType!, payment.id);
          entry.fixed = true;
        } catch (error) {
          if (!isDomainError(error)) throw error;
          entry.problem = error.message;
        }
      }
      missing.push(entry);
    }
    return { missing, checked, refunds: await reconcileRefunds(options) };
  };
}

export type ReconcilePayments = ReturnType<typeof makeReconcilePayments>;
