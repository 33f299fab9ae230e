import { errors } from '../domain/errors.js';
import type { InternalNote } from '../domain/internal-note.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import { requirePermission, requireUser } from './shared.js';
import type { Actor } from './types.js';

/** Staff write an internal note on an application (docs/product.md, "Internal notes"); needs 'notes.write'. */
export function makeAddInternalNote(ports: Pick<Ports, 'applications' | 'notes' | 'users' | 'clock'>) {
  return async function addInternalNote(actor: Actor, applicationId: number, text: string): Promise<InternalNote> {
    requirePermission(actor, 'notes.write');
    if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    const author = await requireUser(ports, actor.userId);
    // That a note was written, not what it says: the note keeps its text, author and time itself,
    // and the log (which nothing may ever change) should not copy staff's words about a person.
    const audit = auditEntry(ports, actor, { action: 'application.note_written', target: { type: 'note', id: null }, targetIsNew: 'note', applicationId, detail: { length: text.length } });
    return ports.notes.add({ applicationId, authorId: author.id, authorName: author.fullName.trim() || author.email, text, createdAt: ports.clock.now() }, [audit]);
  };
}
