import { isStoredId } from '../../../core/domain/ids.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TimelineFact } from '../../../core/domain/timeline.js';
import type { StatusHistoryRepository } from '../../../core/ports/status-history-repository.js';
import { historyFromRow } from './mappers.js';
import type { SqlDatabase } from './sql-database.js';

export function historyStore(database: SqlDatabase): StatusHistoryRepository {
  const { db, tables: t } = database;
  return {
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      const found = await db
        .select()
        .from(t.statusHistory)
        .where(eq(t.statusHistory.applicationId, applicationId))
        .orderBy(asc(t.statusHistory.changedAt), asc(t.statusHistory.id));
      return found.map(historyFromRow);
    },

    // Five index-backed reads (each table's application_id index) for the whole batch, however many
    // applications: the dashboard's list never reads per application. Only applicant-readable columns.
    async listTimelineFacts(applicationIds) {
      const ids = [...new Set(applicationIds.filter(isStoredId))];
      if (ids.length === 0) return [];
      const h = t.statusHistory;
      const p = t.payments;
      const r = t.refunds;
      const d = t.documents;
      const replies = t.applicationReplies;
      const [history, payments, refunds, uploads, replied] = await Promise.all([
        db.select({ applicationId: h.applicationId, at: h.changedAt, status: h.toStatus, message: h.message }).from(h).where(inArray(h.applicationId, ids)),
        db.select({ applicationId: p.applicationId, at: p.createdAt, paymentType: p.type, amount: p.amount, status: p.status }).from(p).where(inArray(p.applicationId, ids)),
        db
          .select({ applicationId: r.applicationId, at: r.updatedAt, paymentType: r.paymentType, amount: r.amount })
          .from(r)
          .where(and(inArray(r.applicationId, ids), eq(r.status, 'succeeded'))),
        db.select({ applicationId: d.applicationId, at: d.uploadedAt }).from(d).where(and(inArray(d.applicationId, ids), eq(d.type, 'passport'))),
        db.select({ applicationId: replies.applicationId, at: replies.createdAt }).from(replies).where(inArray(replies.applicationId, ids)),
      ]);
      const facts: TimelineFact[] = [];
      for (const row of history) facts.push({ applicationId: row.applicationId, kind: 'status', at: row.at, status: row.status, message: row.message });
      for (const row of payments) facts.push({ applicationId: row.applicationId, kind: 'payment', at: row.at, paymentType: row.paymentType, amount: row.amount, waived: row.status === 'waived' });
      for (const row of refunds) facts.push({ applicationId: row.applicationId, kind: 'refund', at: row.at, paymentType: row.paymentType, amount: row.amount });
      for (const row of uploads) facts.push({ applicationId: row.applicationId, kind: 'upload', at: row.at, documentType: 'passport' });
      for (const row of replied) facts.push({ applicationId: row.applicationId, kind: 'reply', at: row.at });
      return facts;
    },
  };
}
