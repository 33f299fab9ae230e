import { feeDue, type Application } from './application.js';
import { errors } from './errors.js';
import type { PaymentType } from './fees.js';
import { CURRENCY } from './money.js';
import type { GatewayPayment } from './payment.js';
import { fail, ok, type Result } from './result.js';

/** The gateway payment recorded for an application's fee, if any. */
export function paidIdOf(application: Application, type: PaymentType): string | null {
  return type === 'initial' ? application.initialPaymentId : application.finalPaymentId;
}

/**
 * Whether a payment the gateway reports may be recorded as this application's fee: the money
 * arrived (succeeded), for this application and fee, in GBP, and the fee is due now for exactly that
 * amount. Fails with the reason (PaymentNotSucceeded, or PaymentNotDue when nothing is due).
 */
export function checkGatewayPayment(payment: GatewayPayment, application: Application, type: PaymentType, now: Date): Result<void> {
  if (payment.status !== 'succeeded') {
    const reason = payment.failureMessage ? ` ${payment.failureMessage}` : '';
    return fail(errors.paymentNotSucceeded(`Payment status: ${payment.status}. Please try again.${reason}`));
  }
  if (payment.applicationId !== application.id || payment.paymentType !== type) {
    return fail(errors.paymentNotSucceeded('This payment was made for another application or fee.'));
  }
  if (payment.currency.toLowerCase() !== CURRENCY) {
    return fail(errors.paymentNotSucceeded(`The payment was made in ${payment.currency.toUpperCase()}, not GBP.`));
  }
  const due = feeDue(application, type, now);
  if (!due.ok) return due;
  if (payment.amount !== due.value.amount) {
    return fail(errors.paymentNotSucceeded(`The amount paid (${payment.amount} pence) does not match the fee due (${due.value.amount} pence).`));
  }
  return ok(undefined);
}
