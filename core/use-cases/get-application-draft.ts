import type { DraftFields } from '../domain/application-draft.js';
import type { Ports } from '../ports/index.js';
import type { Actor } from './types.js';

/** The signed-in user's draft; null when they have none: every fresh apply page asks, and none is no failure. */
export function makeGetApplicationDraft(ports: Pick<Ports, 'drafts'>) {
  return async function getApplicationDraft(actor: Actor): Promise<DraftFields | null> {
    const draft = await ports.drafts.find(actor.userId);
    return draft ? draft.fields : null;
  };
}
