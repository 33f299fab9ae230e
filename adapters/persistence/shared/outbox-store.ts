import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { mailJob } from '../../../core/domain/jobs.js';
import { isStoredId } from '../../../core/domain/ids.js';
import type { MailOutbox, OutboxMail, OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import { outboxFromRow, outboxInsert } from './mappers.js';
import type { Db, SqlDatabase, Tables } from './sql-database.js';
import { queueTexts } from './text-store.js';
import { queueJobs, rows, type Unit } from './unit.js';

/**
 * Queues `mails` as part of a unit (the operation that sends them commits them with its own
 * writes), each with the deliver-mail job that sends it.
 */
export function* queueMails(tx: Db, t: Tables, mails: OutboxMailInput[] | undefined, now: Date | undefined): Unit<OutboxMail[]> {
  if (!mails || mails.length === 0) return [];
  const queued = yield* rows(tx.insert(t.mailOutbox).values(mails.map((m) => outboxInsert(m, now))).returning());
  yield* queueJobs(queued.map((row) => mailJob(row.id)));
  return queued.map(outboxFromRow);
}

export function outboxStore(database: SqlDatabase): MailOutbox {
  const { db, tables: t } = database;
  const o = t.mailOutbox;
  return {
    async enqueue(mail, now, texts) {
      const [queued] = await database.transaction(function* (tx) {
        const mails = yield* queueMails(tx, t, [mail], now);
        yield* queueTexts(tx, t, texts, now);
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
        .where(and(eq(o.id, id), isNull(o.sentAt), lte(o.nextAttemptAt, now)))
        .returning();
      if (claimed) return { status: 'claimed', mail: outboxFromRow(claimed) };
      const [row] = await db.select({ sentAt: o.sentAt }).from(o).where(eq(o.id, id));
      return { status: !row ? 'missing' : row.sentAt ? 'sent' : 'leased' };
    },
    async markSent(id, sentAt) {
      await db.update(o).set({ sentAt }).where(and(eq(o.id, id), isNull(o.sentAt)));
    },
    async markFailed(id, error, now, leasedUntil) {
      await db
        .update(o)
        .set({ lastError: error, nextAttemptAt: now })
        .where(and(eq(o.id, id), isNull(o.sentAt), eq(o.nextAttemptAt, leasedUntil)));
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
  };
}
