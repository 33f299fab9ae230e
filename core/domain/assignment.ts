/** A member of staff as an admin read names them (the assignee of an application). */
export interface StaffName {
  id: number;
  fullName: string;
}

/**
 * One assignment of an application (docs/product.md §2.14, "Assignment"): who it went to (null:
 * unassigned), who did it and when. Names are kept as they were then, so the history reads the same
 * after an account is renamed or erased.
 */
export interface AssignmentEntry {
  id: number;
  applicationId: number;
  assigneeId: number | null;
  assigneeName: string | null;
  assignedById: number | null;
  assignedByName: string;
  createdAt: Date;
}

export type NewAssignmentEntry = Omit<AssignmentEntry, 'id' | 'applicationId'>;

/** How a member of staff is named where a name is shown: the full name, else the email. */
export function staffDisplayName(user: { fullName: string; email: string }): string {
  return user.fullName.trim() || user.email;
}
