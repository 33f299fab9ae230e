import { applyConfirmedPayment, type Application } from '../domain/application.js';
import { checkGroupPayment, GROUP_MESSAGES } from '../domain/application-group.js';
import { errors } from '../domain/errors.js';
import { INITIAL_FEE } from '../domain/fees.js';
import { CURRENCY } from '../domain/money.js';
import { paymentReceipt, receiptKeyOfPayment } from '../domain/receipt.js';
import { unwrap } from '../domain/result.js';
import type { ApplicationChange } from '../ports/application-repository.js';
import { MAX_COMMIT_ATTEMPTS, requireUser, toView } from './shared.js';
import { statusTexts } from './texts.js';
import type { Actor, ApplicationView } from './types.js';
import { statusChange } from '../domain/status-history.js';
import type { AuditDraft } from '../domain/audit.js';
import { loadOwnGroup, membersOf, type GroupPorts } from './application-group-members.js';

/**
 * Records a group payment the gateway says succeeded: every application of the group gets it as
 * its initial payment (£10 each, the same provider id), with its history row and paid mail, in
 * one transaction. Idempotent (`recorded: false` once recorded). `actor` null: webhook or
 * reconciliation. The payment has ONE receipt, a line per traveller, listed under every
 * application of the group and attached to the lead's mail only (docs/product.md, "Receipts").
 */
export function makeConfirmGroupPayment(ports: GroupPorts) {
  return async function confirmGroupPayment(
    actor: Actor | null,
    groupId: number,
    paymentIntentId: string,
    /** The audit rows of a staff action that records the payment: written with the group's commit, only if it records it. */
    audit?: AuditDraft[],
  ): Promise<{ applications: ApplicationView[]; recorded: boolean }> {
    if (actor) await loadOwnGroup(ports, actor, groupId);
    else if (!(await ports.groups.findById(groupId))) throw errors.notFound('Family application');
    const paidWith = (members: Application[]) => members.every((m) => m.initialPaymentId === paymentIntentId);

    const already = async () => {
      const members = await membersOf(ports, groupId);
      if (!paidWith(members)) throw errors.paymentNotDue('initial', GROUP_MESSAGES.alreadyPaid);
      const now = ports.clock.now();
      return { applications: members.map((m) => toView(m, now)), recorded: false };
    };

    const members = await membersOf(ports, groupId);
    const recorded = await ports.payments.findByProviderPaymentId(paymentIntentId);
    if (recorded) {
      if (!members.some((m) => m.id === recorded.applicationId) || recorded.type !== 'initial') {
        throw errors.paymentNotSucceeded('This payment belongs to another application or fee.');
      }
      return already();
    }
    if (paidWith(members)) return already();

    const payment = await ports.gateway.retrieve(paymentIntentId);
    if (!payment) throw errors.paymentNotSucceeded('The payment provider does not know this payment.');
    const now = ports.clock.now();
    const user = await requireUser(ports, members[0]!.userId);

    for (let attempt = 0; attempt < MAX_COMMIT_ATTEMPTS; attempt += 1) {
      const current = await membersOf(ports, groupId);
      if (paidWith(current)) return already();
      unwrap(checkGroupPayment(payment, current, now));
      const lead = current[0]!;
      const changes: ApplicationChange[] = current.map((member) => {
        const next = unwrap(applyConfirmedPayment(member, 'initial', paymentIntentId, now));
        const isLead = member.id === lead.id;
        return {
          application: next,
          expectedVersion: member.version,
          payment: {
            userId: member.userId,
            type: 'initial',
            providerPaymentId: paymentIntentId,
            amount: INITIAL_FEE.amount,
            currency: CURRENCY,
            status: 'succeeded',
            createdAt: now,
          },
          ...statusChange({
            fromStatus: member.status,
            toStatus: next.status,
            changedBy: null,
            changedByName: 'system',
            message: `Initial fee paid with the family application (${current.length} travellers)`,
            changedAt: now,
          }),
          mails: [
            {
              to: user.email,
              template: 'application_received',
              data: {
                fullName: user.fullName,
                applicationNumber: member.applicationNumber,
                applicationId: member.id,
                paid: true,
                ...(isLead ? { receiptAttached: true } : {}),
                ...(next.guaranteeDeadline ? { answerBy: next.guaranteeDeadline.toISOString() } : {}),
              },
              ...(isLead ? { attachments: [{ receiptKey: receiptKeyOfPayment(paymentIntentId) }] } : {}),
            },
          ],
          texts: statusTexts(ports, member, next, user),
        };
      });
      // The one receipt goes with the LAST change: commitAll updates the applications in order and
      // the receipt's counter row is then the last lock the transaction takes, held the shortest
      // time and never while it waits for an application row (docs/decisions/0004-receipt-numbers.md).
      changes[changes.length - 1]!.receipt = paymentReceipt({
        providerPaymentId: paymentIntentId,
        paymentType: 'initial',
        payer: { userId: user.id, fullName: user.fullName, email: user.email },
        travellers: current,
        amountEach: INITIAL_FEE.amount,
        currency: CURRENCY,
        card: payment.card ?? null,
        applicationId: lead.id,
        groupId,
        issuedAt: now,
      });
      if (audit) changes[changes.length - 1]!.audit = audit;
      const result = await ports.groups.commitAll(changes);
      if (result.outcome === 'committed') {
        await ports.analytics.record({
          name: 'family_fees_paid',
          path: null,
          userId: user.id,
          properties: { groupId, groupSize: current.length, paymentType: 'initial', amount: payment.amount, currency: CURRENCY },
          occurredAt: now,
        });
        return { applications: result.applications.map((a) => toView(a, now)), recorded: true };
      }
      if (result.outcome === 'conflict') return already();
    }
    throw errors.conflict('The application was changed by someone else at the same time. Please try again.');
  };
}

export type ConfirmGroupPayment = ReturnType<typeof makeConfirmGroupPayment>;
