import type { InternalNote, NewInternalNote } from '../domain/internal-note.js';

export interface InternalNoteRepository {
  /** Stores a note; an application that does not exist (any more) throws NotFound. */
  add(note: NewInternalNote): Promise<InternalNote>;
  /** The application's notes, oldest first. */
  listByApplication(applicationId: number): Promise<InternalNote[]>;
}
