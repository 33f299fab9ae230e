import type { NewDocument } from '../../../core/domain/document.js';
import { errors } from '../../../core/domain/errors.js';
import type { DocumentRepository } from '../../../core/ports/document-repository.js';
import { FINISHED_FOR_RETENTION } from '../shared/rules.js';
import { copy, time, type MemoryState } from './state.js';

export function documentStore(s: MemoryState): DocumentRepository {
  return {
    async create(document: NewDocument) {
      if (!s.applications.has(document.applicationId)) throw errors.notFound('Application');
      const id = ++s.seq.documents;
      const row = { ...copy(document), id };
      s.documents.set(id, row);
      return copy(row);
    },
    async findById(id) {
      const d = s.documents.get(id);
      return d ? copy(d) : null;
    },
    async listByApplication(applicationId) {
      return [...s.documents.values()]
        .filter((d) => d.applicationId === applicationId)
        .sort((a, b) => time(a.uploadedAt) - time(b.uploadedAt) || a.id - b.id)
        .map(copy);
    },
    async delete(id) {
      s.documents.delete(id);
    },
    async storageKeysInUse(storageKeys) {
      const wanted = new Set(storageKeys);
      return new Set([...s.documents.values()].map((d) => d.storageKey).filter((key) => wanted.has(key)));
    },
    async listOfApplicationsFinishedBefore(types, finishedBefore) {
      return [...s.documents.values()]
        .filter((d) => {
          if (!types.includes(d.type)) return false;
          const a = s.applications.get(d.applicationId);
          return !!a && FINISHED_FOR_RETENTION.includes(a.status) && time(a.updatedAt) < time(finishedBefore);
        })
        .sort((a, b) => a.id - b.id)
        .map(copy);
    },
  };
}
