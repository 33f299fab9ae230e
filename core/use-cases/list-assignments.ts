import type { AssignmentEntry } from '../domain/assignment.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** An application's assignment history, oldest first, for staff who read applications. */
export function makeListAssignments(ports: Pick<Ports, 'applications' | 'assignments'>) {
  return async function listAssignments(actor: Actor, applicationId: number): Promise<AssignmentEntry[]> {
    requirePermission(actor, 'applications.read');
    if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    return ports.assignments.listByApplication(applicationId);
  };
}
