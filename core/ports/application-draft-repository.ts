import type { ApplicationDraft, DraftFields } from '../domain/application-draft.js';

/** One draft per user: saving replaces the user's previous draft as a whole. */
export interface ApplicationDraftRepository {
  /** Inserts or replaces the user's draft. A user that does not exist throws NotFound. */
  save(userId: number, fields: DraftFields, now: Date): Promise<ApplicationDraft>;
  find(userId: number): Promise<ApplicationDraft | null>;
  /** True when there was a draft to delete. */
  delete(userId: number): Promise<boolean>;
}
