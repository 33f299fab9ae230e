import { waivedPaymentId, type Application } from '../domain/application.js';
import { CURRENCY } from '../domain/money.js';
import type { User } from '../domain/user.js';
import type { ApplicationChange } from '../ports/application-repository.js';
import type { OutboxMailInput } from '../ports/mail-outbox.js';

export const WAIVER_MESSAGE = 'Approved after the 5-working-day guarantee deadline: the final fee is waived.';

/** The zero-amount final payment record that marks a fee waived under the guarantee. */
export function waiverPayment(application: Application, now: Date): NonNullable<ApplicationChange['payment']> {
  return {
    userId: application.userId,
    type: 'final',
    providerPaymentId: null,
    amount: 0,
    currency: CURRENCY,
    status: 'waived',
    createdAt: now,
  };
}

/**
 * The 'approved' mail telling the applicant the final fee is waived; `evisaFollows` when the same
 * commit queues the e-visa mail (the visa was attached already), so the mail says what comes next.
 */
export function waiverMail(application: Application, user: User, evisaFollows: boolean): OutboxMailInput {
  return {
    to: user.email,
    template: 'approved',
    data: {
      fullName: user.fullName,
      applicationNumber: application.applicationNumber,
      applicationId: application.id,
      finalFeeAmount: 0,
      finalFeeWaived: true,
      evisaFollows,
    },
  };
}

/** Completes an approved application whose final fee is waived (status final_payment_received). */
export function completeWithWaiver(application: Application, now: Date): Application {
  return { ...application, status: 'final_payment_received', finalPaymentId: waivedPaymentId(application.id), updatedAt: now };
}
