import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { textJob } from '../../../core/domain/jobs.js';
import { isStoredId } from '../../../core/domain/ids.js';
import type { OutboxText, OutboxTextInput, TextOutbox } from '../../../core/ports/text-outbox.js';
import { textEntry } from './rules.js';
import type { TextOutboxInsert, TextOutboxRow } from './schema-parity.js';
import type { Db, SqlDatabase, Tables } from './sql-database.js';
import { queueJobs, rows, type Unit } from './unit.js';
import { appendAudit } from './audit-store.js';

export function textFromRow(r: TextOutboxRow): OutboxText {
  return {
    id: r.id,
    applicationId: r.applicationId,
    userId: r.userId,
    to: r.to,
    template: r.template,
    body: r.body,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt,
    sentAt: r.sentAt,
    providerId: r.providerId,
    lastError: r.lastError,
    failedAt: r.failedAt,
    createdAt: r.createdAt,
  };
}

/**
 * The row for a text queued by an operation at `now` (due at once: the epoch without a known time).
 * A skipped text is stored failed with its reason.
 */
export function textInsert(text: OutboxTextInput, now: Date | undefined): TextOutboxInsert {
  const at = now ?? new Date();
  return {
    applicationId: text.applicationId,
    userId: text.userId,
    to: text.to,
    template: text.template,
    body: text.body,
    attempts: 0,
    nextAttemptAt: now ?? new Date(0),
    sentAt: null,
    providerId: null,
    lastError: text.skipped ?? null,
    failedAt: text.skipped ? at : null,
    createdAt: at,
  };
}

/**
 * Queues `texts` as part of a unit (the operation that causes them commits them with its own
 * writes), each with the deliver-text job that sends it — except skipped ones, stored failed.
 */
export function* queueTexts(tx: Db, t: Tables, texts: OutboxTextInput[] | undefined, now: Date | undefined): Unit<OutboxText[]> {
  if (!texts || texts.length === 0) return [];
  const queued = yield* rows(
    tx
      .insert(t.textOutbox)
      .values(texts.map((text) => textInsert(text, now)))
      .returning(),
  );
  const due = queued.filter((row) => row.failedAt === null);
  if (due.length > 0) yield* queueJobs(due.map((row) => textJob(row.id)));
  return queued.map(textFromRow);
}

export function textStore(database: SqlDatabase): TextOutbox {
  const { db, tables: t } = database;
  const o = t.textOutbox;
  return {
    async enqueue(text, now, extras) {
      const [queued] = await database.transaction(function* (tx) {
        const texts = yield* queueTexts(tx, t, [text], now);
        yield* appendAudit(tx, t, extras?.audit ?? []);
        return texts;
      });
      return queued!;
    },
    async findById(id) {
      if (!isStoredId(id)) return null;
      const [row] = await db.select().from(o).where(eq(o.id, id));
      return row ? textFromRow(row) : null;
    },
    async claim(id, now, leaseUntil) {
      if (!isStoredId(id)) return { status: 'missing' };
      // One compare-and-set: only a text neither sent nor given up, whose last lease has ended, is taken.
      const [claimed] = await db
        .update(o)
        .set({ nextAttemptAt: leaseUntil, attempts: sql`${o.attempts} + 1` })
        .where(and(eq(o.id, id), isNull(o.sentAt), isNull(o.failedAt), lte(o.nextAttemptAt, now)))
        .returning();
      if (claimed) return { status: 'claimed', text: textFromRow(claimed) };
      const [row] = await db.select({ sentAt: o.sentAt, failedAt: o.failedAt }).from(o).where(eq(o.id, id));
      return { status: !row ? 'missing' : row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'leased' };
    },
    async markSent(id, sentAt, providerId) {
      await db
        .update(o)
        .set({ sentAt, providerId, lastError: null })
        .where(and(eq(o.id, id), isNull(o.sentAt)));
    },
    async markFailed(id, error, now, leasedUntil) {
      await db
        .update(o)
        .set({ lastError: error, nextAttemptAt: now })
        .where(and(eq(o.id, id), isNull(o.sentAt), isNull(o.failedAt), eq(o.nextAttemptAt, leasedUntil)));
    },
    async markRefused(id, error, now, leasedUntil) {
      await db
        .update(o)
        .set({ lastError: error, failedAt: now, nextAttemptAt: now })
        .where(and(eq(o.id, id), isNull(o.sentAt), isNull(o.failedAt), eq(o.nextAttemptAt, leasedUntil)));
    },
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      const found = await db.select().from(o).where(eq(o.applicationId, applicationId)).orderBy(asc(o.id));
      return found.map((row) => textEntry(textFromRow(row)));
    },
    async listWaiting() {
      const found = await db
        .select()
        .from(o)
        .where(and(isNull(o.sentAt), isNull(o.failedAt)))
        .orderBy(asc(o.id));
      return found.map(textFromRow);
    },
  };
}
