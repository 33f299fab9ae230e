/**
 * A note staff leave on an application for each other (docs/product.md, "Internal notes"). It is
 * never shown to the applicant: no applicant response, mail, draft or data export carries it.
 */
export interface InternalNote {
  id: number;
  applicationId: number;
  /** Null once the author's account was erased. */
  authorId: number | null;
  /** The author's name when the note was written. */
  authorName: string;
  text: string;
  createdAt: Date;
}

export type NewInternalNote = Omit<InternalNote, 'id'>;

export const INTERNAL_NOTE_MAX = 4000;
