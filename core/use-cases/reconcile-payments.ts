import { isDomainError } from '../domain/errors.js';
import type { PaymentType } from '../domain/fees.js';
import type { Ports } from '../ports/index.js';
import type { UseCases } from './use-cases.js';

type Missing = { paymentIntentId: string; applicationId: number | null; paymentType: PaymentType | null; amount: number; fixed: boolean; problem?: string };

/**
 * Operator task (CLI): compares the payments the gateway reports as succeeded since `since` with the
 * recorded ones. With `fix`, each missing payment is recorded through confirmPayment (which checks it
 * with the gateway again); problems are reported, never hidden.
 */
export function makeReconcilePayments(ports: Pick<Ports, 'gateway' | 'payments'>, confirmPayment: UseCases['confirmPayment']) {
  return async function reconcilePayments(options: { since: Date; fix: boolean }): Promise<{ missing: Missing[]; checked: number }> {
    const missing: Missing[] = [];
    let checked = 0;
    for await (const payment of ports.gateway.listSucceeded(options.since)) {
      checked += 1;
      if (await ports.payments.findByProviderPaymentId(payment.id)) continue;
      const entry: Missing = {
        paymentIntentId: payment.id,
        applicationId: payment.applicationId,
        paymentType: payment.paymentType,
        amount: payment.amount,
        fixed: false,
      };
      if (payment.applicationId === null || payment.paymentType === null) {
        entry.problem = 'The payment carries no application id or fee type.';
      } else if (options.fix) {
        try {
          await confirmPayment(null, payment.applicationId, payment.paymentType, payment.id);
          entry.fixed = true;
        } catch (error) {
          if (!isDomainError(error)) throw error;
          entry.problem = error.message;
        }
      }
      missing.push(entry);
    }
    return { missing, checked };
  };
}
