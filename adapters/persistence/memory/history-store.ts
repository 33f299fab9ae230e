import type { StatusHistoryRepository } from '../../../core/ports/status-history-repository.js';
import type { TimelineFact } from '../../../core/domain/timeline.js';
import { copy, time, type MemoryState } from './state.js';

export function historyStore(s: MemoryState): StatusHistoryRepository {
  return {
    async listByApplication(applicationId) {
      return [...s.history.values()]
        .filter((h) => h.applicationId === applicationId)
        .sort((a, b) => time(a.changedAt) - time(b.changedAt) || a.id - b.id)
        .map(copy);
    },
    async listTimelineFacts(applicationIds) {
      const ids = new Set(applicationIds);
      const facts: TimelineFact[] = [];
      for (const h of s.history.values()) {
        if (ids.has(h.applicationId)) facts.push({ applicationId: h.applicationId, kind: 'status', at: new Date(h.changedAt), status: h.toStatus, message: h.message });
      }
      for (const p of s.payments.values()) {
        if (ids.has(p.applicationId)) facts.push({ applicationId: p.applicationId, kind: 'payment', at: new Date(p.createdAt), paymentType: p.type, amount: p.amount, waived: p.status === 'waived' });
      }
      for (const r of s.refunds.values()) {
        if (ids.has(r.applicationId) && r.status === 'succeeded')
          facts.push({ applicationId: r.applicationId, kind: 'refund', at: new Date(r.updatedAt), paymentType: r.paymentType, amount: r.amount });
      }
      for (const d of s.documents.values()) {
        if (ids.has(d.applicationId) && d.type === 'passport') facts.push({ applicationId: d.applicationId, kind: 'upload', at: new Date(d.uploadedAt), documentType: 'passport' });
      }
      for (const r of s.replies.values()) {
        if (ids.has(r.applicationId)) facts.push({ applicationId: r.applicationId, kind: 'reply', at: new Date(r.createdAt) });
      }
      return facts;
    },
  };
}
