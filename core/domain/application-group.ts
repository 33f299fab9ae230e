import { feeDue, type Application } from './application.js';
import { msg } from '../i18n/index.js';
import { errors } from './errors.js';
import { INITIAL_FEE } from './fees.js';
import type { Money } from './money.js';
import type { GatewayPayment } from './payment.js';
import { CURRENCY } from './money.js';
import { fail, ok, type Result } from './result.js';

/** A family order holds 2 to 10 travellers. */
export const MIN_GROUP_SIZE = 2;
export const MAX_GROUP_SIZE = 10;

export const GROUP_MESSAGES = {
  size: `A family application has ${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE} travellers`,
  sharedDates: msg('Every traveller of a family application arrives and departs on the same dates'),
  groupFeeOnly: msg('This application is part of a family application: its initial fee is paid for the whole family.'),
  alreadyPaid: msg('The initial fees of this family application have already been paid.'),
} as const;

/** £10 per traveller, paid once for the family. */
export function groupInitialFee(size: number): Money {
  return { amount: INITIAL_FEE.amount * size, currency: INITIAL_FEE.currency };
}

/**
 * The key every gateway payment of a group's initial fees carries (the group's counterpart of
 * `paymentKeyOf`): its lead application's id and random number make it unique across databases.
 */
export function groupPaymentKeyOf(groupId: number, lead: { id: number; applicationNumber: string }): string {
  return `group-${groupId}:${lead.id}:${lead.applicationNumber}:initial`;
}

/**
 * Whether a payment the gateway reports may be recorded as the initial fees of this group: it
 * succeeded, it names the group's lead application and the initial fee (the group's payment is
 * opened for its lead), in GBP, for exactly £10 × the group's size, and every application still owes
 * its initial fee.
 */
export function checkGroupPayment(payment: GatewayPayment, members: Application[], now: Date): Result<void> {
  const lead = members[0];
  if (!lead) return fail(errors.notFound('Family application'));
  if (payment.status !== 'succeeded') {
    const reason = payment.failureMessage ? ` ${payment.failureMessage}` : '';
    return fail(errors.paymentNotSucceeded(`Payment status: ${payment.status}. Please try again.${reason}`));
  }
  if (payment.applicationId !== lead.id || payment.paymentType !== 'initial') {
    return fail(errors.paymentNotSucceeded('This payment was made for another application or fee.'));
  }
  if (payment.currency.toLowerCase() !== CURRENCY) {
    return fail(errors.paymentNotSucceeded(`The payment was made in ${payment.currency.toUpperCase()}, not GBP.`));
  }
  for (const member of members) {
    const due = feeDue(member, 'initial', now);
    if (!due.ok) return due;
  }
  const due = groupInitialFee(members.length);
  if (payment.amount !== due.amount) {
    return fail(errors.paymentNotSucceeded(`The amount paid (${payment.amount} pence) does not match the fees due (${due.amount} pence).`));
  }
  return ok(undefined);
}
