import { feeDue, type Application } from '../domain/application.js';
import { errors } from '../domain/errors.js';
import { INITIAL_FEE, type PaymentType } from '../domain/fees.js';
import type { Ports } from '../ports/index.js';
import { HOUR_MS, plural } from './shared.js';
import type { Actor, ReminderRunResult } from './use-cases.js';

/** Nobody reminded within this window is reminded again. */
export const REMINDER_QUIET_HOURS = 72;
const BATCH = 200;

function feeOwed(application: Application, now: Date): { type: PaymentType; amount: number } | null {
  if (application.initialPaymentId === null && application.status !== 'rejected') return { type: 'initial', amount: INITIAL_FEE.amount };
  const due = feeDue(application, 'final', now);
  return due.ok && due.value.amount > 0 ? { type: 'final', amount: due.value.amount } : null;
}

/**
 * Reminds applicants whose initial fee is unpaid or whose final fee is due (approved, unpaid), unless
 * they were reminded in the last 72 hours. Each reminder is claimed atomically with its mail
 * (claimPaymentReminder), so two runs at once never send the same reminder twice: a lost claim
 * counts as skipped. A dry run lists who would be reminded and changes nothing.
 */
export function makeSendPaymentReminders(ports: Pick<Ports, 'applications' | 'clock'>) {
  return async function sendPaymentReminders(
    actor: Actor | null,
    options: { dryRun?: boolean } = {},
  ): Promise<ReminderRunResult & { message: string }> {
    if (actor && !actor.isAdmin) throw errors.forbidden('Only administrators can do this.');
    const now = ports.clock.now();
    const notRemindedSince = new Date(now.getTime() - REMINDER_QUIET_HOURS * HOUR_MS);
    const result: ReminderRunResult = { sent: 0, skipped: 0, recipients: [] };
    const seen = new Set<number>();

    for (;;) {
      const batch = await ports.applications.listPaymentReminderCandidates(notRemindedSince, options.dryRun ? 100_000 : BATCH);
      const fresh = batch.filter(({ application }) => !seen.has(application.id));
      for (const { application, user } of fresh) {
        seen.add(application.id);
        const owed = feeOwed(application, now);
        if (!owed) {
          result.skipped += 1;
          continue;
        }
        const recipient = { email: user.email, applicationId: application.id, reason: `${owed.type} fee unpaid` };
        if (options.dryRun) {
          result.recipients.push(recipient);
          continue;
        }
        const claimed = await ports.applications.claimPaymentReminder(application.id, now, notRemindedSince, {
          to: user.email,
          template: 'payment_reminder',
          data: {
            fullName: user.fullName,
            applicationNumber: application.applicationNumber,
            applicationId: application.id,
            paymentType: owed.type,
            amount: owed.amount,
          },
        });
        if (claimed) {
          result.sent += 1;
          result.recipients.push(recipient);
        } else {
          result.skipped += 1;
        }
      }
      if (options.dryRun || batch.length < BATCH || fresh.length === 0) break;
    }

    const message = options.dryRun
      ? `${plural(result.recipients.length, 'applicant')} would be sent a payment reminder.`
      : result.sent === 0 && result.skipped === 0
        ? 'No payment reminders are due.'
        : `Payment reminders sent to ${plural(result.sent, 'applicant')}.${result.skipped ? ` ${result.skipped} skipped.` : ''}`;
    return { ...result, message };
  };
}
