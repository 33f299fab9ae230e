import type { Ports } from '../ports/index.js';
import { makeAddInternalNote } from './add-internal-note.js';
import { makeListInternalNotes } from './list-internal-notes.js';

/**
 * Staff's internal notes on an application (docs/product.md, "Internal notes"): written and read by
 * staff only, with their author and time. Nothing that reaches the applicant reads them.
 * The group's face: each verb is its own file (add-internal-note.ts, list-internal-notes.ts).
 */
export function makeInternalNotes(ports: Pick<Ports, 'applications' | 'notes' | 'users' | 'clock' | 'audit'>) {
  return { addInternalNote: makeAddInternalNote(ports), listInternalNotes: makeListInternalNotes(ports) };
}
