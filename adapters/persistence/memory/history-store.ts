import type { StatusHistoryRepository } from '../../../core/ports/status-history-repository.js';
import { copy, time, type MemoryState } from './state.js';

export function historyStore(s: MemoryState): StatusHistoryRepository {
  return {
    async listByApplication(applicationId) {
      return [...s.history.values()]
        .filter((h) => h.applicationId === applicationId)
        .sort((a, b) => time(a.changedAt) - time(b.changedAt) || a.id - b.id)
        .map(copy);
    },
  };
}
