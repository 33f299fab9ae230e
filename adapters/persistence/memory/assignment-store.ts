import type { AssignmentEntry } from '../../../core/domain/assignment.js';
import { staffDisplayName } from '../../../core/domain/assignment.js';
import type { AssignmentRepository } from '../../../core/ports/assignment-repository.js';
import { appendAudit, copy, time, type MemoryState } from './state.js';

export function assignmentStore(s: MemoryState): AssignmentRepository {
  return {
    async assign(applicationId, entry, audit = []) {
      const application = s.applications.get(applicationId);
      if (!application) return 'no-application';
      if (entry.assigneeId !== null) {
        const staff = s.users.get(entry.assigneeId);
        if (!staff || !staff.isAdmin || staff.deactivatedAt) return 'not-staff';
      }
      application.assigneeId = entry.assigneeId;
      const row: AssignmentEntry = { ...copy(entry), applicationId, id: ++s.seq.assignments };
      s.assignments.set(row.id, row);
      appendAudit(s, audit);
      return 'assigned';
    },
    async listByApplication(applicationId) {
      return [...s.assignments.values()]
        .filter((a) => a.applicationId === applicationId)
        .sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.id - b.id)
        .map(copy);
    },
    async staffNames(ids) {
      return [...new Set(ids)].flatMap((id) => {
        const user = s.users.get(id);
        return user ? [{ id, fullName: staffDisplayName(user) }] : [];
      });
    },
  };
}
