import { feeAlreadyPaid, feeDue, type Application } from '../domain/application.js';
import { GROUP_MESSAGES } from '../domain/application-group.js';
import { errors, isDomainError } from '../domain/errors.js';
import type { PaymentType } from '../domain/fees.js';
import type { Money } from '../domain/money.js';
import { paymentKeyOf } from '../domain/payment.js';
import { unwrap } from '../domain/result.js';
import type { Ports } from '../ports/index.js';
import { completeWithWaiver, waiverMail, waiverPayment, WAIVER_MESSAGE } from './record-waiver.js';
import { withEvisaMail } from './evisa-mail.js';
import { commitWithRetry, loadOwned, requireUser } from './shared.js';
import type { ConfirmPayment } from './confirm-payment.js';
import type { Actor } from './types.js';
import { statusChange } from '../domain/status-history.js';

export const PAYMENT_UNDER_WAY_MESSAGE = 'A payment for this fee is already being processed. Please wait a moment and refresh the page.';
export const PAYMENT_TAKEN_NOT_RECORDED_MESSAGE =
  'A payment for this fee was already taken but could not be added to your application. Our team has been alerted and will record or refund it; please do not pay again.';

/**
 * Opens (or reuses) the gateway's payment for the fee due now; the amount always comes from the
 * core. A fee has at most one payable payment (`paymentKeyOf`): repeated clicks reuse the open one.
 * When the provider already took a payment for the fee that was never confirmed here (the applicant
 * paid, then left before the confirmation), that payment is recorded now — through confirmPayment,
 * with all its checks — instead of a second one being opened; the answer is then "already paid".
 * One that cannot be recorded stays listed for staff (reconcile-payments, the admin's payment
 * check) and the applicant is told not to pay again.
 *
 * When the final fee due is £0 because the guarantee was breached (normally the waiver is recorded
 * at approval already), nothing is charged: the waiver is recorded, the application completes, and
 * the answer carries amount 0 with an empty clientSecret and paymentIntentId — clients treat
 * amount 0 as "nothing to pay" and refresh the application.
 */
export function makeStartPayment(ports: Pick<Ports, 'applications' | 'users' | 'gateway' | 'clock' | 'documents' | 'phoneNumbers' | 'settings' | 'textWriter'>, confirmPayment: ConfirmPayment) {
  return async function startPayment(actor: Actor, applicationId: number, type: PaymentType, options: { startNow?: boolean } = {}): Promise<{ clientSecret: string; paymentIntentId: string } & Money> {
    let application = await loadOwned(ports, actor, applicationId);
    if (type === 'initial' && application.groupId !== null && !application.initialPaymentId) {
      throw errors.paymentNotDue('initial', GROUP_MESSAGES.groupFeeOnly);
    }
    const now = ports.clock.now();
    const due = unwrap(feeDue(application, type, now));
    const user = await requireUser(ports, application.userId);
    if (type === 'initial' && options.startNow && application.serviceStartRequestedAt === null) {
      application = await recordServiceStartRequest(ports, applicationId, now);
    }

    if (due.amount === 0) {
      const outcome = await commitWithRetry(ports, applicationId, async (current) => {
        const stillDue = unwrap(feeDue(current, type, now));
        if (stillDue.amount !== 0) throw errors.conflict('The fee due has changed. Please try again.');
        // Waived after the visa was attached: the e-visa goes with this commit.
        const evisa = await withEvisaMail(ports, completeWithWaiver(current, now), user, now);
        return {
          change: {
            application: evisa.application,
            expectedVersion: current.version,
            payment: waiverPayment(current, now),
            ...statusChange({
              fromStatus: current.status,
              toStatus: 'final_payment_received',
              changedBy: null,
              changedByName: 'system',
              message: WAIVER_MESSAGE,
              changedAt: now,
            }),
            mails: [waiverMail(current, user, evisa.mails.length > 0), ...evisa.mails],
            texts: evisa.texts,
          },
        };
      });
      if (outcome.kind === 'conflict') throw errors.paymentNotDue(type, 'The final fee has already been settled.');
      // Nothing is payable for a waived fee any more.
      await ports.gateway.cancelOpenPayments(paymentKeyOf(application, type));
      return { clientSecret: '', paymentIntentId: '', amount: 0, currency: due.currency };
    }

    const payment = await ports.gateway.openFeePayment({
      applicationId,
      paymentType: type,
      amount: due.amount,
      currency: due.currency,
      idempotencyKey: paymentKeyOf(application, type),
      customerEmail: user.email,
    });
    if (payment.status === 'open') {
      return { clientSecret: payment.clientSecret, paymentIntentId: payment.id, amount: due.amount, currency: due.currency };
    }
    if (payment.status === 'processing') throw errors.conflict(PAYMENT_UNDER_WAY_MESSAGE);
    try {
      await confirmPayment(null, applicationId, type, payment.payment.id);
    } catch (error) {
      if (!isDomainError(error) || error.type === 'Unavailable') throw error;
      throw errors.conflict(PAYMENT_TAKEN_NOT_RECORDED_MESSAGE);
    }
    // Recorded now (or a moment ago, by a webhook): the fee is paid.
    throw feeAlreadyPaid(type);
  };
}

/**
 * Stores the applicant's request to start work at once (and their acknowledgement of what it means
 * for cancelling), given on the payment screen before the first payment (docs/product.md,
 * "Cancelling an application"). Kept from the first time it is given.
 */
export async function recordServiceStartRequest(ports: Pick<Ports, 'applications'>, applicationId: number, now: Date): Promise<Application> {
  const outcome = await commitWithRetry<Application>(ports, applicationId, (current) =>
    current.serviceStartRequestedAt !== null ? { done: current } : { change: { application: { ...current, serviceStartRequestedAt: now, updatedAt: now }, expectedVersion: current.version } },
  );
  if (outcome.kind === 'committed') return outcome.result.application;
  if (outcome.kind === 'done') return outcome.value;
  throw errors.conflict('The application was changed by someone else at the same time. Please try again.');
}
