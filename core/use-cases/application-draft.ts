import type { Ports } from '../ports/index.js';
import { makeDeleteApplicationDraft } from './delete-application-draft.js';
import { makeGetApplicationDraft } from './get-application-draft.js';
import { makeSaveApplicationDraft } from './save-application-draft.js';

/**
 * The signed-in user's one application draft (any subset of the form's fields, already checked for
 * type and size by applicationDraftSchema): saved whole on every autosave, read back on any device,
 * deleted on "Start over" and when an application is submitted. Nobody else reads it, admins neither.
 * The group's face: each verb is its own file.
 */
export function makeApplicationDrafts(ports: Pick<Ports, 'drafts' | 'clock'>) {
  return {
    saveApplicationDraft: makeSaveApplicationDraft(ports),
    getApplicationDraft: makeGetApplicationDraft(ports),
    deleteApplicationDraft: makeDeleteApplicationDraft(ports),
  };
}

/**
 * Submitting deletes the draft it came from. Best effort: the application is stored already, and
 * a failure here must not make the client submit it again (a stale draft only pre-fills a form).
 */
export async function discardDraftAfterSubmit(ports: Pick<Ports, 'drafts'>, userId: number): Promise<void> {
  try {
    await ports.drafts.delete(userId);
  } catch {
    // The draft stays; "Start over" or the next submission removes it.
  }
}
