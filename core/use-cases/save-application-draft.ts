import type { DraftFields } from '../domain/application-draft.js';
import type { Ports } from '../ports/index.js';
import type { Actor } from './types.js';

/** Saves the signed-in user's one draft whole (every autosave replaces it); answers what was stored. */
export function makeSaveApplicationDraft(ports: Pick<Ports, 'drafts' | 'clock'>) {
  return async function saveApplicationDraft(actor: Actor, fields: DraftFields): Promise<DraftFields> {
    const saved = await ports.drafts.save(actor.userId, fields, ports.clock.now());
    return saved.fields;
  };
}
