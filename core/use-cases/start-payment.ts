import { feeDue } from '../domain/application.js';
import { errors } from '../domain/errors.js';
import type { PaymentType } from '../domain/fees.js';
import type { Money } from '../domain/money.js';
import { unwrap } from '../domain/result.js';
import type { Ports } from '../ports/index.js';
import { completeWithWaiver, waiverMail, waiverPayment, WAIVER_MESSAGE } from './record-waiver.js';
import { commitWithRetry, loadOwned, requireUser } from './shared.js';
import type { Actor } from './use-cases.js';

/**
 * Opens (or reuses) the gateway's payment for the fee due now; the amount always comes from the
 * core. One idempotency key per application and fee (`${applicationId}:${type}`), so repeated
 * clicks reuse the open intent.
 *
 * When the final fee due is £0 because the guarantee was breached (normally the waiver is recorded
 * at approval already), nothing is charged: the waiver is recorded, the application completes, and
 * the answer carries amount 0 with an empty clientSecret and paymentIntentId — clients treat
 * amount 0 as "nothing to pay" and refresh the application.
 */
export function makeStartPayment(ports: Pick<Ports, 'applications' | 'users' | 'gateway' | 'clock'>) {
  return async function startPayment(
    actor: Actor,
    applicationId: number,
    type: PaymentType,
  ): Promise<{ clientSecret: string; paymentIntentId: string } & Money> {
    const application = await loadOwned(ports, actor, applicationId);
    const now = ports.clock.now();
    const due = unwrap(feeDue(application, type, now));
    const user = await requireUser(ports, application.userId);

    if (due.amount === 0) {
      const outcome = await commitWithRetry(ports, applicationId, (current) => {
        const stillDue = unwrap(feeDue(current, type, now));
        if (stillDue.amount !== 0) throw errors.conflict('The fee due has changed. Please try again.');
        return {
          change: {
            application: completeWithWaiver(current, now),
            expectedVersion: current.version,
            payment: waiverPayment(current, now),
            history: {
              fromStatus: current.status,
              toStatus: 'final_payment_received',
              changedBy: null,
              changedByName: 'system',
              message: WAIVER_MESSAGE,
              changedAt: now,
            },
            mails: [waiverMail(current, user)],
          },
        };
      });
      if (outcome.kind === 'conflict') throw errors.paymentNotDue(type, 'The final fee has already been settled.');
      return { clientSecret: '', paymentIntentId: '', amount: 0, currency: due.currency };
    }

    const intent = await ports.gateway.createIntent({
      applicationId,
      paymentType: type,
      amount: due.amount,
      currency: due.currency,
      idempotencyKey: `${applicationId}:${type}`,
      customerEmail: user.email,
    });
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount: due.amount, currency: due.currency };
  };
}
