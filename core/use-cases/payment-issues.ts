import type { Ports } from '../ports/index.js';
import type { ConfirmPayment } from './confirm-payment.js';
import { makeListPaymentIssues } from './list-payment-issues.js';
import type { ReconcilePayments } from './reconcile-payments.js';
import { makeRecordPaymentIssue } from './record-payment-issue.js';

/**
 * The admin's view of reconciliation: payments taken in the last 30 days and not recorded, and
 * recording one of them.
 * The group's face: each verb is its own file (list-payment-issues.ts, record-payment-issue.ts).
 */
export function makePaymentIssues(ports: Pick<Ports, 'gateway' | 'clock' | 'audit'>, reconcilePayments: ReconcilePayments, confirmPayment: ConfirmPayment) {
  return { listPaymentIssues: makeListPaymentIssues(ports, reconcilePayments), recordPaymentIssue: makeRecordPaymentIssue(ports, confirmPayment) };
}
