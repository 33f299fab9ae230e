import type { ApplicationStatus } from './status.js';

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
