import { isStoredId } from '../../../core/domain/ids.js';
import { and, asc, eq, inArray, sql, type Column } from 'drizzle-orm';
import type { PaymentType } from '../../../core/domain/fees.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { TimelineFact } from '../../../core/domain/timeline.js';
import type { StatusHistoryRepository } from '../../../core/ports/status-history-repository.js';
import { historyFromRow } from './mappers.js';
import { preparedByIds } from './prepared-by-ids.js';
import type { SqlDatabase } from './sql-database.js';

export function historyStore(database: SqlDatabase): StatusHistoryRepository {
  const { db, tables: t } = database;
  const h = t.statusHistory;
  const p = t.payments;
  const r = t.refunds;
  const d = t.documents;
  const replies = t.applicationReplies;
  // The five kinds of fact as one UNION ALL, one statement for the batch: each branch an
  // index-backed read (that table's application_id index), every branch the same columns — a
  // column a kind does not have is a typed NULL (PostgreSQL must know each union column's type).
  const noText = sql<string | null>`cast(null as text)`;
  const noAmount = sql<number | null>`cast(null as integer)`;
  // A refund's status and a document's type are tested on the rows the application_id index found,
  // never used to find them: without statistics SQLite's planner prefers an equality on
  // refunds_status_updated_idx / documents_type_idx to the IN list, and walked every succeeded
  // refund and every passport copy in the database on each dashboard read. `x || ''` is the same
  // text, which no index serves (on PostgreSQL too, whose planner chose well anyway).
  const unindexed = (column: Column) => sql`(${column} || '')`;
  const timelineFacts = preparedByIds(database, (ids) =>
    db
      .select({
        applicationId: h.applicationId,
        kind: sql<TimelineFact['kind']>`'status'`,
        at: h.changedAt,
        detail: sql<string | null>`${h.toStatus}`,
        message: h.message,
        amount: noAmount,
        state: noText,
      })
      .from(h)
      .where(inArray(h.applicationId, ids))
      .unionAll(
        db
          .select({ applicationId: p.applicationId, kind: sql<TimelineFact['kind']>`'payment'`, at: p.createdAt, detail: p.type, message: noText, amount: p.amount, state: p.status })
          .from(p)
          .where(inArray(p.applicationId, ids)),
      )
      .unionAll(
        db
          .select({ applicationId: r.applicationId, kind: sql<TimelineFact['kind']>`'refund'`, at: r.updatedAt, detail: r.paymentType, message: noText, amount: r.amount, state: noText })
          .from(r)
          .where(and(inArray(r.applicationId, ids), eq(unindexed(r.status), 'succeeded'))),
      )
      .unionAll(
        db
          .select({ applicationId: d.applicationId, kind: sql<TimelineFact['kind']>`'upload'`, at: d.uploadedAt, detail: noText, message: noText, amount: noAmount, state: noText })
          .from(d)
          .where(and(inArray(d.applicationId, ids), eq(unindexed(d.type), 'passport'))),
      )
      .unionAll(
        db
          .select({ applicationId: replies.applicationId, kind: sql<TimelineFact['kind']>`'reply'`, at: replies.createdAt, detail: noText, message: noText, amount: noAmount, state: noText })
          .from(replies)
          .where(inArray(replies.applicationId, ids)),
      ),
  );
  return {
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      const found = await db.select().from(t.statusHistory).where(eq(t.statusHistory.applicationId, applicationId)).orderBy(asc(t.statusHistory.changedAt), asc(t.statusHistory.id));
      return found.map(historyFromRow);
    },

    // One statement for the whole batch, however many applications: the dashboard's list never reads
    // per application, and the statement is built and prepared once (per id-list length), not per
    // request. Only applicant-readable columns.
    async listTimelineFacts(applicationIds) {
      const ids = applicationIds.filter(isStoredId);
      if (ids.length === 0) return [];
      const facts: TimelineFact[] = [];
      for (const row of await timelineFacts(ids)) {
        const { applicationId, at } = row;
        switch (row.kind) {
          case 'status':
            facts.push({ applicationId, kind: 'status', at, status: row.detail as ApplicationStatus, message: row.message });
            break;
          case 'payment':
            facts.push({ applicationId, kind: 'payment', at, paymentType: row.detail as PaymentType, amount: row.amount!, waived: row.state === 'waived' });
            break;
          case 'refund':
            facts.push({ applicationId, kind: 'refund', at, paymentType: row.detail as PaymentType, amount: row.amount! });
            break;
          case 'upload':
            facts.push({ applicationId, kind: 'upload', at, documentType: 'passport' });
            break;
          case 'reply':
            facts.push({ applicationId, kind: 'reply', at });
            break;
        }
      }
      return facts;
    },
  };
}
