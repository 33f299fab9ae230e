import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { pseudoEntryUsers } from './admin-listing.js';
import { REMINDER_QUIET_HOURS } from './send-payment-reminders.js';
import { HOUR_MS, plural } from './shared.js';
import type { Actor, ReminderRunResult } from './use-cases.js';

/**
 * Reminds registered users who have not applied yet (admins excluded), unless they were reminded
 * in the last 72 hours. Each reminder is claimed atomically with its mail (claimApplicationReminder):
 * a user claimed by a concurrent run, or who applied meanwhile, counts as skipped.
 */
export function makeSendApplicationReminders(ports: Pick<Ports, 'users' | 'clock'>) {
  return async function sendApplicationReminders(
    actor: Actor | null,
    options: { dryRun?: boolean } = {},
  ): Promise<ReminderRunResult & { message: string }> {
    if (actor && !actor.isAdmin) throw errors.forbidden('Only administrators can do this.');
    const now = ports.clock.now();
    const notRemindedSince = new Date(now.getTime() - REMINDER_QUIET_HOURS * HOUR_MS);
    const result: ReminderRunResult = { sent: 0, skipped: 0, recipients: [] };
    const due = (await pseudoEntryUsers(ports)).filter(
      (u) => u.applicationReminderSent === null || u.applicationReminderSent.getTime() < notRemindedSince.getTime(),
    );

    for (const user of due) {
      const recipient = { email: user.email, applicationId: null, reason: 'no application yet' };
      if (options.dryRun) {
        result.recipients.push(recipient);
        continue;
      }
      const claimed = await ports.users.claimApplicationReminder(user.id, now, notRemindedSince, {
        to: user.email,
        template: 'application_reminder',
        data: { fullName: user.fullName },
      });
      if (claimed) {
        result.sent += 1;
        result.recipients.push(recipient);
      } else {
        result.skipped += 1;
      }
    }

    const message = options.dryRun
      ? `${plural(result.recipients.length, 'user')} would be sent an application reminder.`
      : result.sent === 0 && result.skipped === 0
        ? 'No application reminders are due.'
        : `Application reminders sent to ${plural(result.sent, 'user')}.${result.skipped ? ` ${result.skipped} skipped.` : ''}`;
    return { ...result, message };
  };
}
