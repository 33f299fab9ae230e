import { eq, isNull } from 'drizzle-orm';
import { mailJob, passportCheckJob } from '../../../core/domain/jobs.js';
import type { SqlDatabase } from './sql-database.js';

/**
 * Queues the jobs of work that was waiting before the job store existed (a database upgraded from a
 * version without it): the unsent mails of the outbox and the passport copies still unread.
 */
export async function queueWaitingWork(database: SqlDatabase): Promise<void> {
  const { db, tables: t } = database;
  const mails = await db.select({ id: t.mailOutbox.id }).from(t.mailOutbox).where(isNull(t.mailOutbox.sentAt));
  const readings = await db
    .select({ documentId: t.applications.passportScanDocumentId })
    .from(t.applications)
    .where(eq(t.applications.passportScanStatus, 'pending'));
  const jobs = [
    ...mails.map((m) => mailJob(m.id)),
    ...readings.flatMap((r) => (r.documentId === null ? [] : [passportCheckJob(r.documentId)])),
  ];
  if (jobs.length > 0) await database.jobs.send(jobs);
}
