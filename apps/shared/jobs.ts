import { ORPHAN_GRACE_HOURS } from '../../core/use-cases/sweep-orphan-files.js';
import type { AnyJobDefinition } from '../../adapters/jobs/runner.js';
import type { EncryptFilesRun, RotateFileKeyRun } from '../../core/use-cases/file-encryption.js';
import type { Agency } from './agency.js';
import { backUp } from './backup.js';
import { BACKUP_TIMEZONE } from './config.js';

/** Ended sessions and closed rate-limit windows are deleted hourly (at minute 17, off the hour's rush). */
export const PRUNE_SCHEDULE = '17 * * * *';

/** The reports' daily rollups are brought up to date every 5 minutes (a report never waits for them: docs/product.md §17.5). */
export const REPORT_ROLLUPS_SCHEDULE = '*/5 * * * *';

/** The official portal's outage mode is applied again every 10 minutes (decision 0032): new waiting applications, arrivals entering the notice window. */
export const PORTAL_OUTAGE_SCHEDULE = '*/10 * * * *';

/**
 * The agency's background work: one definition per queue, the same on every node, in the CLI and on
 * both databases (docs/product.md §15.2). The job runner decides where each job runs: pg-boss
 * hands it to one node on PostgreSQL; the SQLite file's `jobs` table to one process. Where each
 * job is queued: deliver-mail with every outbox mail (in the unit that writes it), deliver-text
 * with every text message (the same), check-passport with every passport copy (in the unit that
 * stores its document), send-refund with every refund ready to send (in the unit that stores or
 * approves it), the rest by their schedules — and sweep-orphan-files after each retention run.
 */
export function agencyJobs(agency: Agency): AnyJobDefinition[] {
  const { useCases, config } = agency;
  return [
    {
      name: 'deliver-mail',
      schedule: null,
      // SMTP round trips overlap (the SMTP mailer keeps 8 connections); each mail is claimed (leased) on its own.
      concurrency: 8,
      batch: 4,
      async run({ mailId }) {
        const outcome = await useCases.deliverMail(mailId);
        switch (outcome) {
          case 'sent':
            return null;
          // Refused for good (a 5xx reply): recorded on the mail, not retried (docs/product.md §16.5).
          case 'bounced':
            return `mail ${mailId} bounced: the recipient's address was refused (delivery log)`;
          case 'refused':
            return `mail ${mailId} was refused by the mail server for good (delivery log)`;
          case 'already-sent':
            return 'sent already: skipped';
          case 'already-refused':
            return 'refused already: skipped';
          default:
            return 'the mail is gone: skipped';
        }
      },
    },
    {
      name: 'deliver-text',
      schedule: null,
      // Each text is claimed (leased) on its own; a provider's round trip is short.
      concurrency: 4,
      batch: 4,
      async run({ textId }) {
        const outcome = await useCases.deliverText(textId);
        if (outcome === 'sent') return null;
        if (outcome === 'refused') return 'refused by the SMS provider (or given up before): failed, not retried';
        if (outcome === 'given-up') return 'out of attempts: the text is marked failed';
        return outcome === 'already-sent' ? 'sent already: skipped' : 'the text is gone: skipped';
      },
    },
    {
      name: 'check-passport',
      schedule: null,
      // The scanner's worker threads bound the OCR; a busy scanner fails the job, which is retried.
      concurrency: config.passportScan.workers ?? 1,
      async run({ documentId }) {
        const check = await useCases.checkPassport(documentId);
        return check ? `read: ${check.status}` : 'the document is gone (or is no passport copy): skipped';
      },
    },
    {
      name: 'send-refund',
      schedule: null,
      concurrency: 2,
      async run({ refundId }) {
        // A gateway that is down throws Unavailable: retried with back-off under the same idempotency key.
        const refund = await useCases.sendRefund(refundId);
        if (!refund) return 'the refund is gone: skipped';
        // Under way at the gateway (its webhook may settle it first): asked again on the next retry.
        if (refund.status === 'pending') throw new Error(`Refund ${refundId} is still pending at the payment provider.`);
        return `refund ${refundId}: ${refund.status}`;
      },
    },
    {
      name: 'reminders',
      schedule: config.jobs.reminderSchedule,
      concurrency: 1,
      async run() {
        // Each reminder is claimed atomically with its mail: a run racing a CLI or admin run sends nothing twice.
        const payment = await useCases.sendPaymentReminders(null);
        const application = await useCases.sendApplicationReminders(null);
        return `${payment.message} ${application.message}`;
      },
    },
    {
      name: 'retention',
      schedule: config.jobs.retentionSchedule,
      concurrency: 1,
      async run() {
        const purged = await useCases.purgeDocuments({ olderThanDays: config.jobs.retentionDays, dryRun: false });
        await agency.persistence.jobs.send([{ name: 'sweep-orphan-files', input: {}, key: 'after-retention' }]);
        return `purged ${purged.documents} passport scan(s) (${purged.files} file(s)) finished more than ${config.jobs.retentionDays} days ago`;
      },
    },
    {
      name: 'sweep-orphan-files',
      schedule: null,
      concurrency: 1,
      async run() {
        const swept = await useCases.sweepOrphanFiles({ graceHours: ORPHAN_GRACE_HOURS, dryRun: false });
        return `swept ${swept.deleted} orphan file(s) of ${swept.checked} checked`;
      },
    },
    {
      name: 'prune-expired',
      schedule: PRUNE_SCHEDULE,
      concurrency: 1,
      async run() {
        const pruned = await useCases.pruneExpired();
        return `deleted ${pruned.sessions} ended session(s) and ${pruned.windows} closed rate-limit window(s)`;
      },
    },
    {
      name: 'report-rollups',
      schedule: REPORT_ROLLUPS_SCHEDULE,
      concurrency: 1,
      async run() {
        const rolled = await useCases.refreshReportRollups();
        return `rolled up ${rolled.refreshed} day(s) of the reports; ${rolled.pending} still to do`;
      },
    },
    {
      name: 'portal-outage',
      schedule: PORTAL_OUTAGE_SCHEDULE,
      concurrency: 1,
      async run() {
        const done = await useCases.reapplyPortalStatus();
        return `portal ${done.status.state}: ${done.paused} clock(s) paused, ${done.resumed} resumed, ${done.mailed} applicant(s) mailed`;
      },
    },
    // Queued by `evisa encrypt-files` / `evisa rotate-file-key`; a run with failures fails (and is retried).
    {
      name: 'encrypt-files',
      schedule: null,
      concurrency: 1,
      async run() {
        return finished(describeEncryptFiles(await useCases.encryptStoredFiles()));
      },
    },
    {
      name: 'rotate-file-key',
      schedule: null,
      concurrency: 1,
      async run() {
        return finished(describeRotateFileKey(await useCases.rotateFileKey()));
      },
    },
    {
      name: 'backup',
      schedule: config.backup.schedule,
      timezone: BACKUP_TIMEZONE,
      concurrency: 1,
      async run() {
        const done = await backUp(agency);
        const pruned = done.pruned.length ? `; removed ${done.pruned.length} archive(s) beyond the newest ${config.backup.keep}` : '';
        return `wrote ${done.location} (${(done.size / 1e6).toFixed(1)} MB, ${done.manifest.files.length} file(s))${pruned}`;
      },
    },
  ];
}

/** A run's line; a run some files failed in throws it (so the job is retried, and its failure shown). */
function finished(report: { line: string; failed: boolean }): string {
  if (report.failed) throw new Error(report.line);
  return report.line;
}

const files = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'file' : 'files'}`;

function failuresOf(run: { failed: number; failures: { key: string; reason: string }[] }): string {
  if (run.failed === 0) return '';
  const first = run.failures[0];
  return ` ${files(run.failed)} could not be done${first ? `; the first: ${first.reason}` : ''}`;
}

/** The encrypt-files job's line, and `evisa encrypt-files`' summary. */
export function describeEncryptFiles(run: EncryptFilesRun): { line: string; failed: boolean } {
  const others = [`${files(run.encryptedAlready)} encrypted already`, run.empty > 0 ? `${files(run.empty)} empty, left as they are` : '', run.gone > 0 ? `${files(run.gone)} gone meanwhile` : '']
    .filter(Boolean)
    .join(', ');
  const line = `Encrypted ${files(run.encrypted)} under key "${run.keyId}" (${others}; ${files(run.checked)} checked).${failuresOf(run)}`;
  return { line, failed: run.failed > 0 };
}

/** The rotate-file-key job's line, and `evisa rotate-file-key`'s summary. */
export function describeRotateFileKey(run: RotateFileKeyRun): { line: string; failed: boolean } {
  const others = [
    `${files(run.current)} under it already`,
    run.plain > 0 ? `${files(run.plain)} stored unencrypted (\`evisa encrypt-files\` encrypts them)` : '',
    run.gone > 0 ? `${files(run.gone)} gone meanwhile` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const line = `Re-wrapped the data keys of ${files(run.rewrapped)} under key "${run.keyId}", their contents unchanged (${others}; ${files(run.checked)} checked).${failuresOf(run)}`;
  return { line, failed: run.failed > 0 };
}

/** One queue's definition. */
export function jobDefinition<N extends AnyJobDefinition['name']>(agency: Agency, name: N): Extract<AnyJobDefinition, { name: N }> {
  return agencyJobs(agency).find((d) => d.name === name) as Extract<AnyJobDefinition, { name: N }>;
}
