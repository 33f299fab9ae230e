import { staffDisplayName } from '../domain/assignment.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import { requirePermission, requireUser } from './shared.js';
import type { Actor } from './types.js';

export const NOT_ACTIVE_STAFF_MESSAGE = 'Applications can only be assigned to an active member of staff.';

/**
 * Staff give an application to one of them, or take it off anyone (docs/product.md §2.14,
 * "Assignment"); needs 'applications.assign'. The assignee, the history row and the audit row are
 * written in one transaction.
 */
export function makeAssignApplication(ports: Pick<Ports, 'applications' | 'assignments' | 'users' | 'clock'>) {
  return async function assignApplication(actor: Actor, applicationId: number, userId: number | null): Promise<{ assignee: { id: number; fullName: string } | null }> {
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
  };
}
