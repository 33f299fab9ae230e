import type { Ports } from '../ports/index.js';
import { loadVisible, toView } from './shared.js';
import type { Actor, ApplicationView } from './use-cases.js';

/** One application: its owner or an admin; anyone else gets "not found". */
export function makeGetApplication(ports: Pick<Ports, 'applications' | 'clock'>) {
  return async function getApplication(actor: Actor, applicationId: number): Promise<ApplicationView> {
    return toView(await loadVisible(ports, actor, applicationId), ports.clock.now());
  };
}
