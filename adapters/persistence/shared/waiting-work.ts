import { mailJob, passportCheckJob } from '../../../core/domain/jobs.js';
import type { ApplicationRepository } from '../../../core/ports/application-repository.js';
import type { MailOutbox } from '../../../core/ports/mail-outbox.js';
import type { JobStore } from '../../jobs/job-store.js';

/**
 * Queues the jobs of work that was waiting before the job store existed (a database upgraded from a
 * version without it): the unsent mails of the outbox and the passport copies still unread.
 */
export async function queueWaitingWork(stores: { jobs: JobStore; outbox: MailOutbox; applications: ApplicationRepository }): Promise<void> {
  const mails = await stores.outbox.list({ sent: false });
  const readings = await stores.applications.listPendingPassportScans(Number.MAX_SAFE_INTEGER);
  const jobs = [...mails.map((m) => mailJob(m.id)), ...readings.map(passportCheckJob)];
  if (jobs.length > 0) await stores.jobs.send(jobs);
}
