import type { Application, NewApplication } from '../domain/application.js';
import type { ApplicationChange } from './application-repository.js';
import type { OutboxMailInput } from './mail-outbox.js';

/** A family order: applications made together by one user, whose initial fees are paid once. */
export interface ApplicationGroup {
  id: number;
  userId: number;
  createdAt: Date;
}

export type GroupCommitResult = { outcome: 'committed'; applications: Application[] } | { outcome: 'stale' } | { outcome: 'conflict' };

export interface ApplicationGroupRepository {
  /**
   * Stores the group and its applications (each with this groupId, version 1) and queues `mails`,
   * in one transaction. A taken applicationNumber throws Conflict and nothing is stored; an unknown
   * user throws NotFound. The applications come back in input order.
   */
  create(userId: number, applications: NewApplication[], now: Date, mails?: (created: Application[]) => OutboxMailInput[]): Promise<{ group: ApplicationGroup; applications: Application[] }>;
  findById(id: number): Promise<ApplicationGroup | null>;
  /** The group's applications in id order (the first is the lead's, which the group's payment names). */
  listApplications(groupId: number): Promise<Application[]>;
  /**
   * Every change in ONE transaction, each compare-and-set on its application's version as in
   * ApplicationRepository.commit: all are committed, or none ('stale' when any version moved,
   * 'conflict' when any payment was recorded already).
   */
  commitAll(changes: ApplicationChange[]): Promise<GroupCommitResult>;
}
