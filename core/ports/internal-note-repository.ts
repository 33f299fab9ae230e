import type { InternalNote, NewInternalNote } from '../domain/internal-note.js';
import type { AuditDraft } from '../domain/audit.js';

export interface InternalNoteRepository {
  /**
   * Stores a note, with the staff action's audit rows in the same transaction (decision 0010; a row
   * may name the note as its target: `targetIsNew: 'note'`); an application that does not exist (any
   * more) throws NotFound and nothing is written.
   */
  add(note: NewInternalNote, audit?: AuditDraft[]): Promise<InternalNote>;
  /** The application's notes, oldest first. */
  listByApplication(applicationId: number): Promise<InternalNote[]>;
}
