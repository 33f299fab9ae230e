import { errors } from '../domain/errors.js';
import type { InternalNote } from '../domain/internal-note.js';
import type { Ports } from '../ports/index.js';
import { requirePermission, requireUser } from './shared.js';
import type { Actor } from './use-cases.js';

/**
 * Staff's internal notes on an application (docs/product.md, "Internal notes"): written and read by
 * staff only, with their author and time. Nothing that reaches the applicant reads them.
 */
export function makeInternalNotes(ports: Pick<Ports, 'applications' | 'notes' | 'users' | 'clock'>) {
  async function addInternalNote(actor: Actor, applicationId: number, text: string): Promise<InternalNote> {
    requirePermission(actor, 'notes.write');
    if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    const author = await requireUser(ports, actor.userId);
    return ports.notes.add({ applicationId, authorId: author.id, authorName: author.fullName.trim() || author.email, text, createdAt: ports.clock.now() });
  }

  async function listInternalNotes(actor: Actor, applicationId: number): Promise<InternalNote[]> {
    requirePermission(actor, 'applications.read');
    if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    return ports.notes.listByApplication(applicationId);
  }

  return { addInternalNote, listInternalNotes };
}
