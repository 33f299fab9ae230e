import type { StatusHistoryEntry } from '../domain/status-history.js';
import type { TimelineFact } from '../domain/timeline.js';

export interface StatusHistoryRepository {
  /** Oldest first. */
  listByApplication(applicationId: number): Promise<StatusHistoryEntry[]>;
  /**
   * What the applicants of these applications may read of their past, in one batch whatever the
   * number of applications (the dashboard's list): status changes with their message, recorded
   * fees (paid or waived), succeeded refunds (at when they settled) and passport copies. Any order.
   */
  listTimelineFacts(applicationIds: readonly number[]): Promise<TimelineFact[]>;
}
