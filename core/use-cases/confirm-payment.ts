import { applyConfirmedPayment } from '../domain/application.js';
import { GROUP_MESSAGES } from '../domain/application-group.js';
import { errors } from '../domain/errors.js';
import type { PaymentType } from '../domain/fees.js';
import { CURRENCY } from '../domain/money.js';
import { checkGatewayPayment, paidIdOf } from '../domain/payment-check.js';
import { paymentReceipt, receiptKeyOfPayment } from '../domain/receipt.js';
import { unwrap } from '../domain/result.js';
import type { OutboxMailInput } from '../ports/mail-outbox.js';
import type { Ports } from '../ports/index.js';
import { withEvisaMail } from './evisa-mail.js';
import { commitWithRetry, loadOwned, requireUser, toView } from './shared.js';
import { statusTexts } from './texts.js';
import type { ConfirmGroupPayment } from './confirm-group-payment.js';
import type { Actor, ApplicationView } from './types.js';
import { statusChange } from '../domain/status-history.js';
import type { AuditDraft } from '../domain/audit.js';

/**
 * Records a payment the gateway says succeeded, for exactly the fee due, in GBP, for this
 * application and fee type (checkGatewayPayment). Idempotent: a payment already recorded answers
 * `recorded: false`. The payment record, the application change, a system status-history row and
 * the mail (and the applicant's text, when they asked for texts: a payment moves the status) are written in one commit, with the payment's numbered receipt, which the mail carries
 * as a PDF (docs/product.md, "Receipts"). A final fee paid after the visa was attached also queues
 * the e-visa's mail in that commit (withEvisaMail). Only the application's owner confirms its fees (others: 404,
 * admins: 403); `actor` is null for webhooks and reconciliation.
 */
export function makeConfirmPayment(
  ports: Pick<Ports, 'applications' | 'payments' | 'users' | 'gateway' | 'clock' | 'phoneNumbers' | 'settings' | 'textWriter' | 'documents'>,
  confirmGroupPayment?: ConfirmGroupPayment,
) {
  return async function confirmPayment(
    actor: Actor | null,
    applicationId: number,
    type: PaymentType,
    paymentIntentId: string,
    /** The audit rows of a staff action that records the payment (reconciliation): written with it, only if this call records it. */
    audit?: AuditDraft[],
  ): Promise<{ application: ApplicationView; recorded: boolean }> {
    const application = actor ? await loadOwned(ports, actor, applicationId) : await ports.applications.findById(applicationId);
    if (!application) throw errors.notFound('Application');
    if (type === 'initial' && application.groupId !== null) {
      // A family application's initial fee is the group's one payment (webhooks and reconciliation
      // name its lead application): recorded for every application of the group at once.
      if (!confirmGroupPayment) throw errors.paymentNotDue('initial', GROUP_MESSAGES.groupFeeOnly);
      const group = await confirmGroupPayment(actor, application.groupId, paymentIntentId, audit);
      const own = group.applications.find((a) => a.id === applicationId);
      if (!own) throw errors.notFound('Application');
      return { application: own, recorded: group.recorded };
    }

    /** This payment is recorded already (by an earlier call, a webhook or reconciliation). */
    const already = async (): Promise<{ application: ApplicationView; recorded: boolean }> => {
      const current = await ports.applications.findById(applicationId);
      if (!current) throw errors.notFound('Application');
      if (paidIdOf(current, type) !== paymentIntentId) {
        const existing = await ports.payments.findByProviderPaymentId(paymentIntentId);
        if (!existing || existing.applicationId !== applicationId || existing.type !== type) {
          throw errors.paymentNotDue(type, `The ${type} fee has already been paid for this application.`);
        }
      }
      return { application: toView(current, ports.clock.now()), recorded: false };
    };

    const recorded = await ports.payments.findByProviderPaymentId(paymentIntentId);
    if (recorded) {
      if (recorded.applicationId !== applicationId || recorded.type !== type) {
        throw errors.paymentNotSucceeded('This payment belongs to another application or fee.');
      }
      return already();
    }
    if (paidIdOf(application, type) === paymentIntentId) return already();

    const payment = await ports.gateway.retrieve(paymentIntentId);
    if (!payment) throw errors.paymentNotSucceeded('The payment provider does not know this payment.');

    const now = ports.clock.now();
    const user = await requireUser(ports, application.userId);
    const outcome = await commitWithRetry<'already'>(ports, applicationId, async (current) => {
      if (paidIdOf(current, type) === paymentIntentId) return { done: 'already' };
      unwrap(checkGatewayPayment(payment, current, type, now));
      const next = unwrap(applyConfirmedPayment(current, type, paymentIntentId, now));
      // The final fee paid after the visa was attached: the e-visa goes with this commit.
      const evisa = await withEvisaMail(ports, next, user, now);
      const attachments = [{ receiptKey: receiptKeyOfPayment(paymentIntentId) }];
      const mail: OutboxMailInput =
        type === 'initial'
          ? {
              to: user.email,
              template: 'application_received',
              data: {
                fullName: user.fullName,
                applicationNumber: current.applicationNumber,
                applicationId: current.id,
                paid: true,
                receiptAttached: true,
                ...(next.guaranteeDeadline ? { answerBy: next.guaranteeDeadline.toISOString() } : {}),
              },
              attachments,
            }
          : {
              to: user.email,
              template: 'status_changed',
              data: {
                fullName: user.fullName,
                applicationNumber: current.applicationNumber,
                applicationId: current.id,
                oldStatus: current.status,
                newStatus: next.status,
                receiptAttached: true,
                evisaFollows: evisa.mails.length > 0,
              },
              attachments,
            };
      return {
        change: {
          application: evisa.application,
          expectedVersion: current.version,
          payment: {
            userId: current.userId,
            type,
            providerPaymentId: paymentIntentId,
            amount: payment.amount,
            currency: CURRENCY,
            status: 'succeeded',
            createdAt: now,
          },
          ...statusChange({
            fromStatus: current.status,
            toStatus: next.status,
            changedBy: null,
            changedByName: 'system',
            message: type === 'initial' ? 'Initial fee paid' : 'Final fee paid',
            changedAt: now,
          }),
          receipt: paymentReceipt({
            providerPaymentId: paymentIntentId,
            paymentType: type,
            payer: { userId: user.id, fullName: user.fullName, email: user.email },
            travellers: [current],
            amountEach: payment.amount,
            currency: CURRENCY,
            card: payment.card ?? null,
            applicationId: current.id,
            // A family member's own (final) fee: listed under its application only.
            groupId: null,
            issuedAt: now,
          }),
          mails: [mail, ...evisa.mails],
          texts: [...statusTexts(ports, current, next, user), ...evisa.texts],
          ...(audit ? { audit } : {}),
        },
      };
    });
    if (outcome.kind === 'committed') return { application: toView(outcome.result.application, now), recorded: true };
    return already();
  };
}

export type ConfirmPayment = ReturnType<typeof makeConfirmPayment>;
