import { errors } from '../../../core/domain/errors.js';
import type { ApplicationDraftRepository } from '../../../core/ports/application-draft-repository.js';
import { copy, time, type MemoryState } from './state.js';

export function draftStore(s: MemoryState): ApplicationDraftRepository {
  return {
    async save(userId, fields, now) {
      if (!s.users.has(userId)) throw errors.notFound('User');
      const draft = { userId, fields: copy(fields), updatedAt: new Date(time(now)) };
      s.drafts.set(userId, draft);
      return copy(draft);
    },
    async find(userId) {
      const draft = s.drafts.get(userId);
      return draft ? copy(draft) : null;
    },
    async delete(userId) {
      return s.drafts.delete(userId);
    },
  };
}
