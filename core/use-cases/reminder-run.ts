import { HOUR_MS, plural, requirePermission } from './shared.js';
import type { Actor, ReminderRunResult } from './types.js';

/** Nobody reminded within this window is reminded again. */
export const REMINDER_QUIET_HOURS = 72;

type Recipient = ReminderRunResult['recipients'][number];

/**
 * What payment and application reminder runs share: who may start one (staff allowed to contact
 * applicants, or the operator CLI with no actor), the quiet window, the count of claims won and lost, and the summary line.
 */
export function startReminderRun(actor: Actor | null, now: Date, kind: { reminder: 'payment' | 'application'; noun: string }) {
  if (actor) requirePermission(actor, 'applicants.contact');
  const notRemindedSince = new Date(now.getTime() - REMINDER_QUIET_HOURS * HOUR_MS);
  const result: ReminderRunResult = { sent: 0, skipped: 0, recipients: [] };
  return {
    notRemindedSince,
    /** Whether a reminder last sent at `sent` may be sent again now. */
    isDue: (sent: Date | null) => sent === null || sent.getTime() < notRemindedSince.getTime(),
    /** A dry run's would-be recipient. */
    wouldSend: (recipient: Recipient) => void result.recipients.push(recipient),
    /** The outcome of an atomic claim: a lost claim (another run, or no longer due) is skipped. */
    claimed(recipient: Recipient, won: boolean) {
      if (won) {
        result.sent += 1;
        result.recipients.push(recipient);
      } else {
        result.skipped += 1;
      }
    },
    skip: () => void (result.skipped += 1),
    finish(dryRun: boolean): ReminderRunResult & { message: string } {
      const title = kind.reminder === 'payment' ? 'Payment' : 'Application';
      const message = dryRun
        ? `${plural(result.recipients.length, kind.noun)} would be sent ${kind.reminder === 'application' ? 'an' : 'a'} ${kind.reminder} reminder.`
        : result.sent === 0 && result.skipped === 0
          ? `No ${kind.reminder} reminders are due.`
          : `${title} reminders sent to ${plural(result.sent, kind.noun)}.${result.skipped ? ` ${result.skipped} skipped.` : ''}`;
      return { ...result, message };
    },
  };
}
