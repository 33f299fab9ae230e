import { errors } from '../domain/errors.js';
import type { InternalNote } from '../domain/internal-note.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** An application's internal notes, oldest first, for staff who read applications. */
export function makeListInternalNotes(ports: Pick<Ports, 'applications' | 'notes'>) {
  return async function listInternalNotes(actor: Actor, applicationId: number): Promise<InternalNote[]> {
    requirePermission(actor, 'applications.read');
    if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    return ports.notes.listByApplication(applicationId);
  };
}
