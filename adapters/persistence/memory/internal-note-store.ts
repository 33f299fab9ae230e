import { errors } from '../../../core/domain/errors.js';
import type { InternalNote } from '../../../core/domain/internal-note.js';
import type { InternalNoteRepository } from '../../../core/ports/internal-note-repository.js';
import { appendAudit, copy, time, type MemoryState } from './state.js';
import { resolveAudit } from '../../../core/domain/audit.js';

export function internalNoteStore(s: MemoryState): InternalNoteRepository {
  return {
    async add(note, audit = []) {
      if (!s.applications.has(note.applicationId)) throw errors.notFound('Application');
      const row: InternalNote = { ...copy(note), id: ++s.seq.notes };
      s.notes.set(row.id, row);
      appendAudit(s, resolveAudit(audit, { note: row.id }));
      return copy(row);
    },
    async listByApplication(applicationId) {
      return [...s.notes.values()]
        .filter((n) => n.applicationId === applicationId)
        .sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.id - b.id)
        .map(copy);
    },
  };
}
