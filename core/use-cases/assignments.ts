import { staffDisplayName, type AssignmentEntry } from '../domain/assignment.js';
import type { StaffRole } from '../domain/staff-role.js';
import { staffRoleOf } from '../domain/user.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import { requirePermission, requireUser } from './shared.js';
import type { Actor } from './types.js';

/** A member of staff as the assignment choice lists them (GET /api/admin/assignees). */
export interface AssignableStaff {
  id: number;
  fullName: string;
  role: StaffRole;
}

export const NOT_ACTIVE_STAFF_MESSAGE = 'Applications can only be assigned to an active member of staff.';

/**
 * Assignment (docs/product.md §2.14, "Assignment"): staff give an application to one of them (or
 * take it off anyone). The assignee and the history row are written in one transaction.
 */
export function makeAssignments(ports: Pick<Ports, 'applications' | 'assignments' | 'users' | 'clock' | 'audit'>) {
  async function assignApplication(actor: Actor, applicationId: number, userId: number | null): Promise<{ assignee: { id: number; fullName: string } | null }> {
    requirePermission(actor, 'applications.assign');
    const by = await requireUser(ports, actor.userId);
    const assignee = userId === null ? null : await ports.users.findById(userId);
    if (userId !== null && !assignee) throw errors.validation(NOT_ACTIVE_STAFF_MESSAGE, { userId: [NOT_ACTIVE_STAFF_MESSAGE] });
    const assigneeName = assignee ? staffDisplayName(assignee) : null;
    const before = await ports.applications.findById(applicationId);
    if (!before) throw errors.notFound('Application');
    const outcome = await ports.assignments.assign(applicationId, { assigneeId: userId, assigneeName, assignedById: by.id, assignedByName: staffDisplayName(by), createdAt: ports.clock.now() }, [
      auditEntry(ports, actor, {
        action: 'application.assigned',
        target: { type: 'application', id: applicationId },
        applicationId,
        before: { assigneeId: before.assigneeId },
        after: { assigneeId: userId, assigneeName },
      }),
    ]);
    if (outcome === 'no-application') throw errors.notFound('Application');
    if (outcome === 'not-staff') throw errors.validation(NOT_ACTIVE_STAFF_MESSAGE, { userId: [NOT_ACTIVE_STAFF_MESSAGE] });
    return { assignee: userId === null ? null : { id: userId, fullName: assigneeName! } };
  }

  async function listAssignments(actor: Actor, applicationId: number): Promise<AssignmentEntry[]> {
    requirePermission(actor, 'applications.read');
    if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    return ports.assignments.listByApplication(applicationId);
  }

  /**
   * The colleagues an application can be given to (the side panel's "Reassign to"): active staff,
   * oldest first, by name and role only — for anyone who may assign, not only who manages staff.
   */
  async function listAssignableStaff(actor: Actor): Promise<AssignableStaff[]> {
    requirePermission(actor, 'applications.assign');
    const staff = await ports.users.listStaff();
    return staff.filter((user) => user.deactivatedAt === null).map((user) => ({ id: user.id, fullName: staffDisplayName(user), role: staffRoleOf(user) ?? 'admin' }));
  }

  return { assignApplication, listAssignments, listAssignableStaff };
}
