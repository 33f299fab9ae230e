import type { Ports } from '../ports/index.js';
import type { Actor } from './types.js';

/** "Start over": the signed-in user's draft is deleted. */
export function makeDeleteApplicationDraft(ports: Pick<Ports, 'drafts'>) {
  return async function deleteApplicationDraft(actor: Actor): Promise<void> {
    await ports.drafts.delete(actor.userId);
  };
}
