import { errors } from '../domain/errors.js';
import type { PaymentType } from '../domain/fees.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import type { ConfirmPayment } from './confirm-payment.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** Records a payment taken but not recorded, through confirmPayment's checks (the same use case as the confirm route); needs 'payments.manage'. */
export function makeRecordPaymentIssue(ports: Pick<Ports, 'gateway' | 'clock'>, confirmPayment: ConfirmPayment) {
  return async function recordPaymentIssue(actor: Actor, paymentIntentId: string): Promise<{ applicationId: number; paymentType: PaymentType }> {
    requirePermission(actor, 'payments.manage');
    const payment = await ports.gateway.retrieve(paymentIntentId);
    if (!payment || payment.applicationId === null || payment.paymentType === null) {
      throw errors.notFound('Payment');
    }
    // Recorded with its audit row, in the payment's commit (decision 0010); a payment recorded meanwhile writes neither.
    const audit = auditEntry(ports, actor, {
      action: 'application.payment_issue_recorded',
      target: { type: 'payment', id: payment.id },
      applicationId: payment.applicationId,
      detail: { paymentType: payment.paymentType, amount: payment.amount, currency: payment.currency },
    });
    await confirmPayment(null, payment.applicationId, payment.paymentType, payment.id, [audit]);
    return { applicationId: payment.applicationId, paymentType: payment.paymentType };
  };
}
