import type { Ports } from '../ports/index.js';
import { toView } from './shared.js';
import type { Actor, ApplicationView } from './use-cases.js';

/** The signed-in user's applications, newest first. */
export function makeListOwnApplications(ports: Pick<Ports, 'applications' | 'clock'>) {
  return async function listOwnApplications(actor: Actor): Promise<ApplicationView[]> {
    const now = ports.clock.now();
    return (await ports.applications.listByUser(actor.userId)).map((a) => toView(a, now));
  };
}
