import { feeAlreadyPaid } from '../domain/application.js';
import { GROUP_MESSAGES, groupInitialFee, groupPaymentKeyOf } from '../domain/application-group.js';
import { errors, isDomainError } from '../domain/errors.js';
import type { Money } from '../domain/money.js';
import { requireUser } from './shared.js';
import { PAYMENT_TAKEN_NOT_RECORDED_MESSAGE, PAYMENT_UNDER_WAY_MESSAGE, recordServiceStartRequest } from './start-payment.js';
import type { Actor } from './types.js';
import { loadOwnGroup, membersOf, type GroupPorts } from './application-group-members.js';
import type { ConfirmGroupPayment } from './confirm-group-payment.js';

/**
 * Opens (or reuses) the one payment of the group's initial fees: £10 × N, the amount from the
 * core, keyed by the group (at most one payable payment). A payment the provider already took
 * for it is recorded instead of a second being opened, as for a single fee.
 */
export function makeStartGroupPayment(ports: GroupPorts, confirmGroupPayment: ConfirmGroupPayment) {
  return async function startGroupPayment(actor: Actor, groupId: number, options: { startNow?: boolean } = {}): Promise<{ clientSecret: string; paymentIntentId: string } & Money> {
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
  };
}
