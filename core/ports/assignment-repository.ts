import type { AssignmentEntry, NewAssignmentEntry, StaffName } from '../domain/assignment.js';
import type { NewAuditEntry } from '../domain/audit.js';

export type AssignOutcome = 'assigned' | 'no-application' | 'not-staff';

export interface AssignmentRepository {
  /**
   * In one transaction: checks that `entry.assigneeId` (when not null) is active staff (an admin
   * account not deactivated), sets the application's assignee and appends `entry` to its history.
   * The application's version does not move (an assignment is no edit of the application).
   * 'no-application' / 'not-staff': nothing was written. `audit`: the staff action's rows, appended
   * in the same transaction (decision 0010).
   */
  assign(applicationId: number, entry: NewAssignmentEntry, audit?: NewAuditEntry[]): Promise<AssignOutcome>;
  /** The application's assignments, oldest first. */
  listByApplication(applicationId: number): Promise<AssignmentEntry[]>;
  /** The names of these members of staff (unknown ids are left out): what admin reads show as `assignee`. */
  staffNames(ids: readonly number[]): Promise<StaffName[]>;
}
