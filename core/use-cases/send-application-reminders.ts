import type { Ports } from '../ports/index.js';
import { pseudoEntryUsers } from './admin-listing.js';
import { startReminderRun } from './reminder-run.js';
import { mapConcurrently } from './shared.js';
import type { Actor, ReminderRunResult } from './types.js';

/**
 * Reminds registered users who have not applied yet (admins excluded), unless they were reminded
 * in the last 72 hours. Each reminder is claimed atomically with its mail (claimApplicationReminder):
 * a user claimed by a concurrent run, or who applied meanwhile, counts as skipped.
 */
export function makeSendApplicationReminders(ports: Pick<Ports, 'users' | 'clock'>) {
  return async function sendApplicationReminders(actor: Actor | null, options: { dryRun?: boolean } = {}): Promise<ReminderRunResult & { message: string }> {
    const now = ports.clock.now();
    const run = startReminderRun(actor, now, { reminder: 'application', noun: 'user' });
    const due = (await pseudoEntryUsers(ports)).filter((u) => run.isDue(u.applicationReminderSent));

    const recipientOf = (user: (typeof due)[number]) => ({ email: user.email, applicationId: null, reason: 'no application yet' });
    if (options.dryRun) {
      for (const user of due) run.wouldSend(recipientOf(user));
      return run.finish(true);
    }
    // Each claim is its own atomic unit: a few are written at once.
    const won = await mapConcurrently(due, 8, (user) =>
      ports.users.claimApplicationReminder(user.id, now, run.notRemindedSince, {
        to: user.email,
        template: 'application_reminder',
        data: { fullName: user.fullName },
      }),
    );
    due.forEach((user, i) => run.claimed(recipientOf(user), won[i]!));
    return run.finish(Boolean(options.dryRun));
  };
}
