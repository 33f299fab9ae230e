import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { mailJob } from '../../../core/domain/jobs.js';
import { isStoredId } from '../../../core/domain/ids.js';
import type { MailOutbox, OutboxMail, OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import { outboxFromRow, outboxInsert } from './mappers.js';
import { preparedByIds } from './prepared-by-ids.js';
import type { Db, SqlDatabase, Tables } from './sql-database.js';
import type { AccessChangeFeed } from '../access-changes.js';
import { queueTexts } from './text-store.js';
import { queueJobs, rows, type Unit } from './unit.js';
import { appendAudit } from './audit-store.js';

/**
 * Queues `mails` as part of a unit (the operation that sends them commits them with its own
 * writes), each with the deliver-mail job that sends it.
 */
export function* queueMails(tx: Db, t: Tables, mails: OutboxMailInput[] | undefined, now: Date | undefined): Unit<OutboxMail[]> {
  if (!mails || mails.length === 0) return [];
  const queued = yield* rows(
    tx
      .insert(t.mailOutbox)
      .values(mails.map((m) => outboxInsert(m, now)))
      .returning(),
  );
  yield* queueJobs(queued.map((row) => mailJob(row.id)));
  return queued.map(outboxFromRow);
}

/**
 * The outbox. A bounce marked or cleared changes what a signed-in applicant's account reads: the
 * users it changed are announced on `access`, so process-local caches of signed-in users drop them.
 */
export function outboxStore(database: SqlDatabase, access: AccessChangeFeed): MailOutbox {
  const { db, tables: t } = database;
  const o = t.mailOutbox;
  const u = t.users;
  // The dashboard's read of when each e-visa mail went (prepared once): mail_outbox_application_idx
  // finds each application's mails; few are of one template.
  const lastSent = preparedByIds(database, (ids) =>
    db
      .select({ applicationId: o.applicationId, sentAt: sql<Date>`max(${o.sentAt})`.mapWith(o.sentAt) })
      .from(o)
      .where(and(inArray(o.applicationId, ids), eq(o.template, sql.placeholder('template')), isNotNull(o.sentAt)))
      .groupBy(o.applicationId),
  );
  return {
    async enqueue(mail, now, extras) {
      const [queued] = await database.transaction(function* (tx) {
        const mails = yield* queueMails(tx, t, [mail], now);
        yield* queueTexts(tx, t, extras?.texts, now);
        yield* appendAudit(tx, t, extras?.audit ?? []);
        return mails;
      });
      return queued!;
    },
    async claim(id, now, leaseUntil) {
      if (!isStoredId(id)) return { status: 'missing' };
      // One compare-and-set: only an unsent mail whose last lease has ended is taken.
      const [claimed] = await db
        .update(o)
        .set({ nextAttemptAt: leaseUntil, attempts: sql`${o.attempts} + 1` })
        .where(and(eq(o.id, id), isNull(o.sentAt), isNull(o.refusedAt), lte(o.nextAttemptAt, now)))
        .returning();
      if (claimed) return { status: 'claimed', mail: outboxFromRow(claimed) };
      const [row] = await db.select({ sentAt: o.sentAt, refusedAt: o.refusedAt }).from(o).where(eq(o.id, id));
      return { status: !row ? 'missing' : row.sentAt ? 'sent' : row.refusedAt ? 'refused' : 'leased' };
    },
    async markSent(id, sentAt) {
      const cleared = await database.transaction(function* (tx) {
        const [sent] = yield* rows(
          tx
            .update(o)
            .set({ sentAt })
            .where(and(eq(o.id, id), isNull(o.sentAt)))
            .returning({ to: o.to }),
        );
        // The address took a mail: whatever bounced before no longer stands.
        if (!sent) return [];
        return yield* rows(
          tx
            .update(u)
            .set({ mailBouncedAddress: null, mailBouncedAt: null, mailBounceReason: null })
            .where(and(sql`lower(${u.email}) = ${sent.to.trim().toLowerCase()}`, isNotNull(u.mailBouncedAt)))
            .returning({ id: u.id }),
        );
      });
      for (const user of cleared) access.announce({ user: user.id });
    },
    async markRefused(id, refusal, now, leasedUntil) {
      const marked = await database.transaction(function* (tx) {
        const [refused] = yield* rows(
          tx
            .update(o)
            .set({ lastError: refusal.reason, refusedAt: now, bounced: refusal.bounced, nextAttemptAt: now })
            .where(and(eq(o.id, id), isNull(o.sentAt), isNull(o.refusedAt), eq(o.nextAttemptAt, leasedUntil)))
            .returning({ to: o.to }),
        );
        if (!refused || !refusal.bounced) return [];
        const address = refused.to.trim().toLowerCase();
        return yield* rows(
          tx
            .update(u)
            .set({ mailBouncedAddress: address, mailBouncedAt: now, mailBounceReason: refusal.reason })
            .where(sql`lower(${u.email}) = ${address}`)
            .returning({ id: u.id }),
        );
      });
      for (const user of marked) access.announce({ user: user.id });
    },
    async markFailed(id, error, now, leasedUntil) {
      await db
        .update(o)
        .set({ lastError: error, nextAttemptAt: now })
        .where(and(eq(o.id, id), isNull(o.sentAt), isNull(o.refusedAt), eq(o.nextAttemptAt, leasedUntil)));
    },
    async list(filter = {}) {
      const found = await db
        .select()
        .from(o)
        .where(
          and(
            filter.sent === undefined ? undefined : filter.sent ? sql`${o.sentAt} is not null` : isNull(o.sentAt),
            filter.to === undefined ? undefined : sql`lower(${o.to}) = ${filter.to.trim().toLowerCase()}`,
          ),
        )
        .orderBy(asc(o.id));
      return found.map(outboxFromRow);
    },
    async findById(id) {
      if (!isStoredId(id)) return null;
      const [row] = await db.select().from(o).where(eq(o.id, id));
      return row ? outboxFromRow(row) : null;
    },
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      const found = await db.select().from(o).where(eq(o.applicationId, applicationId)).orderBy(desc(o.id));
      return found.map(outboxFromRow);
    },
    async lastSentOf(template, applicationIds) {
      const ids = applicationIds.filter(isStoredId);
      const sent = new Map<number, Date>();
      if (ids.length === 0) return sent;
      const found = await lastSent(ids, { template });
      for (const row of found) if (row.applicationId !== null && row.sentAt) sent.set(row.applicationId, row.sentAt);
      return sent;
    },
  };
}
