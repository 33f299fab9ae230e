import { feeDue, type Application } from '../domain/application.js';
import { groupInitialFee } from '../domain/application-group.js';
import { PAYMENT_TYPES, type PaymentType } from '../domain/fees.js';
import type { Ports } from '../ports/index.js';
import { startReminderRun } from './reminder-run.js';
import { mapConcurrently } from './shared.js';
import type { Actor, ReminderRunResult } from './types.js';

const BATCH = 200;
/** Claims written at once (each is its own atomic unit). */
const CLAIMS_AT_ONCE = 8;

/** The fee this application owes now (the core's feeDue), initial first; null when none is due. */
function feeOwed(application: Application, now: Date): { type: PaymentType; amount: number } | null {
  for (const type of PAYMENT_TYPES) {
    const due = feeDue(application, type, now);
    if (due.ok && due.value.amount > 0) return { type, amount: due.value.amount };
  }
  return null;
}

/**
 * Reminds applicants whose initial fee is unpaid or whose final fee is due (approved, unpaid), unless
 * they were reminded in the last 72 hours. Each reminder is claimed atomically with its mail
 * (claimPaymentReminder), so two runs at once never send the same reminder twice: a lost claim
 * counts as skipped (so do the other travellers of a family application, whose one reminder goes to its
 * lead application). A dry run lists who would be reminded and changes nothing.
 */
export function makeSendPaymentReminders(ports: Pick<Ports, 'applications' | 'groups' | 'clock'>) {
  return async function sendPaymentReminders(actor: Actor | null, options: { dryRun?: boolean } = {}): Promise<ReminderRunResult & { message: string }> {
    const now = ports.clock.now();
    const run = startReminderRun(actor, now, { reminder: 'payment', noun: 'applicant' });
    const seen = new Set<number>();

    for (;;) {
      const batch = await ports.applications.listPaymentReminderCandidates(run.notRemindedSince, options.dryRun ? 100_000 : BATCH);
      const fresh = batch.filter(({ application }) => !seen.has(application.id));
      for (const { application } of fresh) seen.add(application.id);
      const outcomes = await mapConcurrently(fresh, CLAIMS_AT_ONCE, async ({ application, user }) => {
        const owed = feeOwed(application, now);
        if (!owed) return null;
        // A family application's initial fees are one payment: one reminder, sent for its lead
        // (first) application, names the group and asks for £10 × N; the other travellers are skipped.
        let family: { groupId: number; groupSize: number } | null = null;
        if (owed.type === 'initial' && application.groupId !== null) {
          const members = await ports.groups.listApplications(application.groupId);
          if (members[0]?.id !== application.id) return null;
          family = { groupId: application.groupId, groupSize: members.length };
          owed.amount = groupInitialFee(members.length).amount;
        }
        const reason = family ? `initial fees of family application ${family.groupId} (${family.groupSize} travellers) unpaid` : `${owed.type} fee unpaid`;
        const recipient = { email: user.email, applicationId: application.id, reason };
        if (options.dryRun) return { recipient, won: null };
        const won = await ports.applications.claimPaymentReminder(application.id, now, run.notRemindedSince, {
          to: user.email,
          template: 'payment_reminder',
          data: {
            fullName: user.fullName,
            applicationNumber: application.applicationNumber,
            applicationId: application.id,
            paymentType: owed.type,
            amount: owed.amount,
            ...family,
          },
        });
        return { recipient, won };
      });
      for (const outcome of outcomes) {
        if (!outcome) run.skip();
        else if (outcome.won === null) run.wouldSend(outcome.recipient);
        else run.claimed(outcome.recipient, outcome.won);
      }
      if (options.dryRun || batch.length < BATCH || fresh.length === 0) break;
    }

    return run.finish(Boolean(options.dryRun));
  };
}
