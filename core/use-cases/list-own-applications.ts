import type { Ports } from '../ports/index.js';
import { toView } from './shared.js';
import { makeApplicationTimelines } from './timeline.js';
import type { Actor, OwnApplicationView } from './use-cases.js';

/** The signed-in user's applications, newest first, each with its timeline (read in one batch). */
export function makeListOwnApplications(ports: Pick<Ports, 'applications' | 'history' | 'clock'>) {
  const timelines = makeApplicationTimelines(ports);
  return async function listOwnApplications(actor: Actor): Promise<OwnApplicationView[]> {
    const now = ports.clock.now();
    const applications = await ports.applications.listByUser(actor.userId);
    const byApplication = await timelines(applications);
    return applications.map((a) => Object.assign(toView(a, now), { timeline: byApplication.get(a.id) ?? [] }));
  };
}
