import type { ReplyRepository } from '../../../core/ports/reply-repository.js';
import { copy, time, type MemoryState } from './state.js';

export function replyStore(s: MemoryState): ReplyRepository {
  return {
    async listByApplication(applicationId) {
      const documents = [...s.documents.values()].filter((d) => d.applicationId === applicationId && d.type === 'reply').sort((a, b) => a.id - b.id);
      return [...s.replies.values()]
        .filter((r) => r.applicationId === applicationId)
        .sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id)
        .map((r) => ({ ...copy(r), documents: documents.filter((d) => d.replyId === r.id).map(copy) }));
    },
  };
}
