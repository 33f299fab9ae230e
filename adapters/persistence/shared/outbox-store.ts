import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { MailOutbox, OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import { outboxFromRow, outboxInsert } from './mappers.js';
import type { Db, SqlDatabase, Tables } from './sql-database.js';
import { changes, rows, type Unit } from './unit.js';

/** Queues `mails` as part of a unit (the operation that sends them commits them with its own writes). */
export function* queueMails(tx: Db, t: Tables, mails: OutboxMailInput[] | undefined, now: Date | undefined): Unit<void> {
  if (mails && mails.length > 0) yield* changes(tx.insert(t.mailOutbox).values(mails.map((m) => outboxInsert(m, now))));
}

export function outboxStore(database: SqlDatabase): MailOutbox {
  const { db, tables: t } = database;
  return {
    async enqueue(mail, now) {
      const [row] = await db.insert(t.mailOutbox).values(outboxInsert(mail, now)).returning();
      return outboxFromRow(row);
    },
    async claimDue(now, leaseUntil, limit) {
      // The due rows are picked once and leased in the same transaction, so no mail is handed to two
      // senders: SQLite takes the database's write lock first (no other connection or process can
      // pick the same rows), PostgreSQL row-locks them with SKIP LOCKED (a concurrent sender takes
      // other rows instead of waiting).
      return database.transaction(
        function* (tx) {
          const due = yield* rows(
            database.lockForClaim(
              tx
                .select({ id: t.mailOutbox.id })
                .from(t.mailOutbox)
                .where(and(isNull(t.mailOutbox.sentAt), lte(t.mailOutbox.nextAttemptAt, now)))
                .orderBy(asc(t.mailOutbox.nextAttemptAt), asc(t.mailOutbox.id))
                .limit(Math.max(0, Math.floor(limit))),
            ),
          );
          if (due.length === 0) return [];
          const leased = yield* rows(
            tx
              .update(t.mailOutbox)
              .set({ nextAttemptAt: leaseUntil, attempts: sql`${t.mailOutbox.attempts} + 1` })
              .where(
                inArray(
                  t.mailOutbox.id,
                  due.map((r) => r.id),
                ),
              )
              .returning(),
          );
          return leased.map(outboxFromRow).sort((a, b) => a.id - b.id);
        },
        { lockFirst: true },
      );
    },
    async markSent(id, sentAt) {
      await db.update(t.mailOutbox).set({ sentAt }).where(eq(t.mailOutbox.id, id));
    },
    async markFailed(id, error, nextAttemptAt) {
      await db.update(t.mailOutbox).set({ lastError: error, nextAttemptAt }).where(eq(t.mailOutbox.id, id));
    },
    async list(filter = {}) {
      const found = await db
        .select()
        .from(t.mailOutbox)
        .where(
          and(
            filter.sent === undefined ? undefined : filter.sent ? sql`${t.mailOutbox.sentAt} is not null` : isNull(t.mailOutbox.sentAt),
            filter.to === undefined ? undefined : sql`lower(${t.mailOutbox.to}) = ${filter.to.trim().toLowerCase()}`,
          ),
        )
        .orderBy(asc(t.mailOutbox.id));
      return found.map(outboxFromRow);
    },
  };
}
