import type { Ports } from '../ports/index.js';
import { PAYMENT_ISSUE_WINDOW_DAYS, type ReconcilePayments, type UnrecordedPayment } from './reconcile-payments.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** Payments taken in the last 30 days that are not recorded, with why (the admin dashboard); needs 'payments.manage'. */
export function makeListPaymentIssues(ports: Pick<Ports, 'clock'>, reconcilePayments: ReconcilePayments) {
  return async function listPaymentIssues(actor: Actor): Promise<{ checked: number; issues: UnrecordedPayment[] }> {
    requirePermission(actor, 'payments.manage');
    const since = new Date(ports.clock.now().getTime() - PAYMENT_ISSUE_WINDOW_DAYS * 86_400_000);
    const { missing, checked } = await reconcilePayments({ since, fix: false });
    return { checked, issues: missing };
  };
}
