import { isDecided, type ApplicationStatus } from './status.js';

/** Who moved an application from one status to another, when, and with what message. */
export interface StatusHistoryEntry {
  id: number;
  applicationId: number;
  fromStatus: ApplicationStatus | null;
  toStatus: ApplicationStatus;
  /** The admin's user id; null for system transitions (payments). */
  changedBy: number | null;
  /** The actor's email at the time, or 'system'. */
  changedByName: string;
  message: string | null;
  changedAt: Date;
}

export type NewStatusHistoryEntry = Omit<StatusHistoryEntry, 'id' | 'applicationId'>;

/**
 * A status change as an application's change records it: the history entry and, when it moves the
 * application into a decision status (status.ts isDecided), the moment of the decision — kept by
 * the store only while none is stored, so the first decision stands (the reports' decided_at).
 */
export function statusChange(entry: NewStatusHistoryEntry): { history: NewStatusHistoryEntry; decidedAt?: Date } {
  return isDecided(entry.toStatus) ? { history: entry, decidedAt: entry.changedAt } : { history: entry };
}

/** The decision a whole history records (its first entry into a decision status), as statusChange dates it; null: none yet. */
export function firstDecisionAt(history: readonly Pick<NewStatusHistoryEntry, 'toStatus' | 'changedAt'>[]): Date | null {
  let first: Date | null = null;
  for (const h of history) if (isDecided(h.toStatus) && (first === null || h.changedAt < first)) first = h.changedAt;
  return first;
}
