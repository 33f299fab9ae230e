import { applyConfirmedPayment, feeAlreadyPaid, newApplication, type Application, type ApplicationForm } from '../domain/application.js';
import { checkGroupPayment, GROUP_MESSAGES, groupInitialFee, groupPaymentKeyOf, MAX_GROUP_SIZE, MIN_GROUP_SIZE } from '../domain/application-group.js';
import { errors, isDomainError } from '../domain/errors.js';
import { INITIAL_FEE } from '../domain/fees.js';
import type { Money } from '../domain/money.js';
import { CURRENCY } from '../domain/money.js';
import { paymentReceipt, receiptKeyOfPayment } from '../domain/receipt.js';
import { unwrap } from '../domain/result.js';
import type { ApplicationChange } from '../ports/application-repository.js';
import type { ApplicationGroup } from '../ports/application-group-repository.js';
import type { Ports } from '../ports/index.js';
import { applicationGroupSchema } from '../schemas/application-group.js';
import { parseInput } from '../schemas/parse.js';
import { discardDraftAfterSubmit } from './application-draft.js';
import { adminEntry, resolveAssignees, MAX_COMMIT_ATTEMPTS, requirePermission, requireUser, toView } from './shared.js';
import { PAYMENT_TAKEN_NOT_RECORDED_MESSAGE, PAYMENT_UNDER_WAY_MESSAGE, recordServiceStartRequest } from './start-payment.js';
import { requireTextablePhone, statusTexts } from './texts.js';
import type { Actor, AdminListEntry, ApplicationView } from './use-cases.js';
import { statusChange } from '../domain/status-history.js';
import type { AuditDraft } from '../domain/audit.js';

const NUMBER_ATTEMPTS = 5;

export interface CreatedGroup {
  groupId: number;
  applications: { id: number; applicationNumber: string }[];
}

type GroupPorts = Pick<Ports, 'groups' | 'applications' | 'assignments' | 'payments' | 'users' | 'outbox' | 'gateway' | 'analytics' | 'drafts' | 'ids' | 'clock' | 'settings' | 'phoneNumbers' | 'egyptRules'>;

/** The group if `actor` made it. Others get "not found"; admins who did not make it are refused. */
async function loadOwnGroup(ports: Pick<Ports, 'groups'>, actor: Actor, groupId: number): Promise<ApplicationGroup> {
  const group = await ports.groups.findById(groupId);
  if (!group || (!actor.isAdmin && group.userId !== actor.userId)) throw errors.notFound('Family application');
  if (group.userId !== actor.userId) throw errors.forbidden('Only the applicant can do this.');
  return group;
}

async function membersOf(ports: Pick<Ports, 'groups'>, groupId: number): Promise<Application[]> {
  const members = await ports.groups.listApplications(groupId);
  if (members.length === 0) throw errors.notFound('Family application');
  return members;
}

/**
 * Family orders (issue 17): one user applies for 2 to 10 travellers at once and pays their initial
 * fees once. Each traveller is an application of its own (passport, status, documents, final fee
 * and visa); only the initial payment is shared: it is opened for the group's lead (first)
 * application for £10 × N, and confirming it moves every application of the group to
 * application_created with that payment's id, in one transaction (GroupRepository.commitAll), at
 * most once. The guarantee clock of each starts then.
 */
export function makeApplicationGroups(ports: GroupPorts) {
  async function createApplicationGroup(actor: Actor, travellers: ApplicationForm[]): Promise<CreatedGroup> {
    const now = ports.clock.now();
    // Again against the server's clock: the 3-day and 6-month rules are the domain's.
    const { travellers: forms } = parseInput(applicationGroupSchema({ today: now, agencyEmail: ports.settings.agencyEmail, rules: await ports.egyptRules.list() }), { travellers });
    if (forms.length < MIN_GROUP_SIZE || forms.length > MAX_GROUP_SIZE) throw errors.validation(GROUP_MESSAGES.size, { travellers: [GROUP_MESSAGES.size] });
    const user = await requireUser(ports, actor.userId);
    requireTextablePhone(ports, user, forms.some((form) => form.smsUpdates));

    let created: { group: ApplicationGroup; applications: Application[] } | null = null;
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS && !created; attempt += 1) {
      const numbers = new Set<string>();
      while (numbers.size < forms.length) numbers.add(ports.ids.applicationNumber(now));
      const list = forms.map((form, i) => newApplication({ form, userId: user.id, applicationNumber: [...numbers][i]!, now }));
      try {
        created = await ports.groups.create(user.id, list, now, (apps) =>
          apps.map((a) => ({
            to: user.email,
            template: 'application_received' as const,
            data: { fullName: user.fullName, applicationNumber: a.applicationNumber, applicationId: a.id, paid: false },
          })),
        );
      } catch (error) {
        if (!isDomainError(error, 'Conflict')) throw error;
      }
    }
    if (!created) throw errors.conflict('Could not allocate application numbers. Please try again.');
    await discardDraftAfterSubmit(ports, user.id);
    await ports.analytics.record({
      name: 'family_application_created',
      path: null,
      userId: user.id,
      properties: { groupId: created.group.id, groupSize: created.applications.length, applicationId: created.applications[0]!.id },
      occurredAt: now,
    });
    return { groupId: created.group.id, applications: created.applications.map((a) => ({ id: a.id, applicationNumber: a.applicationNumber })) };
  }

  /**
   * Records a group payment the gateway says succeeded: every application of the group gets it as
   * its initial payment (£10 each, the same provider id), with its history row and paid mail, in
   * one transaction. Idempotent (`recorded: false` once recorded). `actor` null: webhook or
   * reconciliation. The payment has ONE receipt, a line per traveller, listed under every
   * application of the group and attached to the lead's mail only (docs/product.md, "Receipts").
   */
  async function confirmGroupPayment(
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
  }

  /**
   * Opens (or reuses) the one payment of the group's initial fees: £10 × N, the amount from the
   * core, keyed by the group (at most one payable payment). A payment the provider already took
   * for it is recorded instead of a second being opened, as for a single fee.
   */
  async function startGroupPayment(actor: Actor, groupId: number, options: { startNow?: boolean } = {}): Promise<{ clientSecret: string; paymentIntentId: string } & Money> {
    await loadOwnGroup(ports, actor, groupId);
    const members = await membersOf(ports, groupId);
    if (members.some((m) => m.initialPaymentId !== null)) throw errors.paymentNotDue('initial', GROUP_MESSAGES.alreadyPaid);
    if (members.some((m) => m.status === 'rejected')) throw errors.paymentNotDue('initial', 'An application of this family has been rejected.');
    if (options.startNow) {
      const now = ports.clock.now();
      for (const member of members) if (member.serviceStartRequestedAt === null) await recordServiceStartRequest(ports, member.id, now);
    }
    const lead = members[0]!;
    const user = await requireUser(ports, lead.userId);
    const due = groupInitialFee(members.length);
    const payment = await ports.gateway.openFeePayment({
      applicationId: lead.id,
      paymentType: 'initial',
      amount: due.amount,
      currency: due.currency,
      idempotencyKey: groupPaymentKeyOf(groupId, lead),
      customerEmail: user.email,
    });
    if (payment.status === 'open') return { clientSecret: payment.clientSecret, paymentIntentId: payment.id, amount: due.amount, currency: due.currency };
    if (payment.status === 'processing') throw errors.conflict(PAYMENT_UNDER_WAY_MESSAGE);
    try {
      await confirmGroupPayment(null, groupId, payment.payment.id);
    } catch (error) {
      if (!isDomainError(error) || error.type === 'Unavailable') throw error;
      throw errors.conflict(PAYMENT_TAKEN_NOT_RECORDED_MESSAGE);
    }
    throw feeAlreadyPaid('initial');
  }

  /** Staff's filter by family application: its travellers' entries, in id order (admins only). */
  async function listGroupForAdmin(actor: Actor, groupId: number): Promise<AdminListEntry[]> {
    requirePermission(actor, 'applications.read');
    const group = await ports.groups.findById(groupId);
    if (!group) throw errors.notFound('Family application');
    const members = await ports.groups.listApplications(groupId);
    const user = await requireUser(ports, group.userId);
    const now = ports.clock.now();
    const assignees = await resolveAssignees(ports, members);
    return members.map((application) => adminEntry(application, user, now, assignees));
  }

  return { createApplicationGroup, startGroupPayment, confirmGroupPayment, listGroupForAdmin };
}

export type ConfirmGroupPayment = ReturnType<typeof makeApplicationGroups>['confirmGroupPayment'];
