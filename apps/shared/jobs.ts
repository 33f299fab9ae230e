import { ORPHAN_GRACE_HOURS } from '../../core/use-cases/sweep-orphan-files.js';
import type { Job } from '../../adapters/jobs/index.js';
import type { Agency } from './agency.js';

/**
 * The agency's scheduled work, the same definitions on every node and on both databases (the job
 * runner decides who runs them: pg-boss once across N nodes, or the one SQLite process). The CLI
 * commands (send-reminders, purge-documents, sweep-orphan-files) do the same work by hand.
 * `afterMailQueued` nudges the outbox sender, which delivers what the reminders queued.
 */
export function agencyJobs(agency: Agency, afterMailQueued: () => void = () => undefined): Job[] {
  const { useCases, config } = agency;
  return [
    {
      name: 'reminders',
      schedule: config.jobs.reminderSchedule,
      async run() {
        // Each reminder is claimed atomically with its mail: a run racing a CLI or admin run sends nothing twice.
        const payment = await useCases.sendPaymentReminders(null);
        const application = await useCases.sendApplicationReminders(null);
        if (payment.sent + application.sent > 0) afterMailQueued();
        return `${payment.message} ${application.message}`;
      },
    },
    {
      name: 'retention',
      schedule: config.jobs.retentionSchedule,
      async run() {
        const purged = await useCases.purgeDocuments({ olderThanDays: config.jobs.retentionDays, dryRun: false });
        const swept = await useCases.sweepOrphanFiles({ graceHours: ORPHAN_GRACE_HOURS, dryRun: false });
        return `purged ${purged.documents} passport scan(s) (${purged.files} file(s)) finished more than ${config.jobs.retentionDays} days ago; swept ${swept.deleted} orphan file(s) of ${swept.checked} checked`;
      },
    },
  ];
}
