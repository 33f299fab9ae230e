import type { StatusHistoryEntry } from '../domain/status-history.js';

export interface StatusHistoryRepository {
  /** Oldest first. */
  listByApplication(applicationId: number): Promise<StatusHistoryEntry[]>;
}
