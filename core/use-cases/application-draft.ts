import type { DraftFields } from '../domain/application-draft.js';
import type { Ports } from '../ports/index.js';
import type { Actor } from './types.js';

/**
 * The signed-in user's one application draft (any subset of the form's fields, already checked for
 * type and size by applicationDraftSchema): saved whole on every autosave, read back on any device,
 * deleted on "Start over" and when an application is submitted. Nobody else reads it, admins neither.
 */
export function makeApplicationDrafts(ports: Pick<Ports, 'drafts' | 'clock'>) {
  return {
    async saveApplicationDraft(actor: Actor, fields: DraftFields): Promise<DraftFields> {
      const saved = await ports.drafts.save(actor.userId, fields, ports.clock.now());
      return saved.fields;
    },
    /** null when the user has no draft: every fresh apply page asks, and none is no failure. */
    async getApplicationDraft(actor: Actor): Promise<DraftFields | null> {
      const draft = await ports.drafts.find(actor.userId);
      return draft ? draft.fields : null;
    },
    async deleteApplicationDraft(actor: Actor): Promise<void> {
      await ports.drafts.delete(actor.userId);
    },
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
