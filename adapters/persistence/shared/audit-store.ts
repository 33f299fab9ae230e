import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import { auditHash } from '../../../core/domain/audit-chain.js';
import { detailFromText, detailToText, type AuditAction, type AuditEntry, type NewAuditEntry } from '../../../core/domain/audit.js';
import type { AuditLog } from '../../../core/ports/audit-log.js';
import type { Db, SqlDatabase, Tables } from './sql-database.js';
import { changes, rows, type Unit } from './unit.js';

type AuditRow = Tables['auditLog']['$inferSelect'];

const HEAD_ID = 1;

function entryFromRow(row: AuditRow): AuditEntry {
  return { ...row, action: row.action as AuditAction, detail: detailFromText(row.detail) };
}

/**
 * Appends one row as the chain's next, as a step of a unit. Moving the head first takes its row lock
 * (PostgreSQL) or the write lock (SQLite) before anything is read: a concurrent appender, in this
 * process or another, waits for this commit and then reads the head this one wrote.
 */
function* append(tx: Db, t: Tables, entry: NewAuditEntry): Unit<AuditEntry> {
  const head = t.auditHead;
  const [moved] = yield* rows(
    tx
      .update(head)
      .set({ seq: sql`${head.seq} + 1` })
      .where(eq(head.id, HEAD_ID))
      .returning({ seq: head.seq, prevHash: head.hash }),
  );
  if (!moved) throw new Error('The audit log has no head row (audit_head id 1): run the migrations.');
  const unhashed = { ...entry, seq: moved.seq, prevHash: moved.prevHash };
  const row = { ...unhashed, hash: auditHash(unhashed) };
  yield* changes(tx.insert(t.auditLog).values({ ...row, detail: detailToText(row.detail) }));
  yield* changes(tx.update(head).set({ hash: row.hash }).where(eq(head.id, HEAD_ID)));
  return row;
}

/**
 * The audit rows of the action a unit writes, appended in its transaction (decision 0010): the
 * action and its record commit together or not at all. Call it LAST in the unit: the head's row lock
 * is then held only until the commit and never while waiting for another row (no deadlock with a
 * unit that locks that row and then appends).
 */
export function* appendAudit(tx: Db, t: Tables, entries: readonly NewAuditEntry[]): Unit<void> {
  for (const entry of entries) yield* append(tx, t, entry);
}

export function auditStore(database: SqlDatabase): AuditLog {
  const { db, tables: t } = database;
  const log = t.auditLog;
  const head = t.auditHead;

  return {
    append: (entry) => database.transaction((tx) => append(tx, t, entry), { lockFirst: true }),
    async list(query) {
      const where: SQL[] = [];
      if (query.applicationId !== undefined) where.push(eq(log.applicationId, query.applicationId));
      if (query.actorId !== undefined) where.push(eq(log.actorId, query.actorId));
      if (query.action !== undefined) where.push(eq(log.action, query.action));
      if (query.from !== undefined) where.push(gte(log.at, query.from));
      if (query.to !== undefined) where.push(lte(log.at, query.to));
      const found = await db
        .select()
        .from(log)
        .where(and(...where))
        .orderBy(desc(log.seq))
        .limit(query.limit)
        .offset(query.offset ?? 0);
      return found.map(entryFromRow);
    },
    async head() {
      const [row] = await db.select({ seq: head.seq, hash: head.hash }).from(head).where(eq(head.id, HEAD_ID));
      if (!row) throw new Error('The audit log has no head row (audit_head id 1): run the migrations.');
      return row;
    },
    async walk(afterSeq, limit) {
      const found = await db
        .select()
        .from(log)
        .where(afterSeq === null ? undefined : gt(log.seq, afterSeq))
        .orderBy(asc(log.seq))
        .limit(limit);
      return found.map(entryFromRow);
    },
  };
}
