import type { Application } from '../../../core/domain/application.js';
import { errors } from '../../../core/domain/errors.js';
import type { ApplicationRepository } from '../../../core/ports/application-repository.js';
import type { ApplicationGroup, ApplicationGroupRepository } from '../../../core/ports/application-group-repository.js';
import { CONFLICT_MESSAGES } from '../shared/rules.js';
import { copy, hasReceipt, queueMails, time, type MemoryState } from './state.js';

/** Family orders; `applications` is the same state's application store (commitAll applies through its commit). */
export function groupStore(s: MemoryState, applications: ApplicationRepository): ApplicationGroupRepository {
  return {
    async create(userId, list, now, mails) {
      if (!s.users.has(userId)) throw errors.notFound('User');
      const numbers = new Set(list.map((a) => a.applicationNumber));
      if (numbers.size < list.length || [...s.applications.values()].some((a) => numbers.has(a.applicationNumber))) {
        throw errors.conflict(CONFLICT_MESSAGES.applicationNumber);
      }
      const group: ApplicationGroup = { id: ++s.groupSeq, userId, createdAt: new Date(time(now)) };
      s.groups.set(group.id, group);
      const created = list.map((application) => {
        const id = ++s.seq.applications;
        const row: Application = { ...copy(application), userId, groupId: group.id, id, version: 1, passportScan: null, assigneeId: null, ruleNotice: null };
        s.applications.set(id, row);
        return copy(row);
      });
      queueMails(s, mails?.(created), now);
      return { group: copy(group), applications: created };
    },
    async findById(id) {
      const group = s.groups.get(id);
      return group ? copy(group) : null;
    },
    async listApplications(groupId) {
      return [...s.applications.values()]
        .filter((a) => a.groupId === groupId)
        .sort((a, b) => a.id - b.id)
        .map(copy);
    },
    async commitAll(list) {
      // Checked whole first, then applied: all or nothing, as in one transaction.
      for (const change of list) {
        const current = s.applications.get(change.application.id);
        if (!current || current.version !== change.expectedVersion) return { outcome: 'stale' };
        if (change.receipt && hasReceipt(s, change.receipt.key)) return { outcome: 'conflict' };
        const p = change.payment;
        if (!p) continue;
        for (const existing of s.payments.values()) {
          if (existing.applicationId !== change.application.id) continue;
          if (existing.type === p.type || (p.providerPaymentId !== null && existing.providerPaymentId === p.providerPaymentId)) return { outcome: 'conflict' };
        }
      }
      const committed: Application[] = [];
      for (const change of list) {
        const result = await applications.commit(change);
        if (result.outcome !== 'committed') throw new Error('unreachable: a checked group change did not commit');
        committed.push(result.application);
      }
      return { outcome: 'committed', applications: committed };
    },
  };
}
