import type { Ports } from '../ports/index.js';
import { evisaSentTimes } from './evisa-mail.js';
import { toView } from './shared.js';
import { makeApplicationTimelines } from './application-timelines.js';
import type { Actor, OwnApplicationView } from './types.js';

/**
 * The signed-in user's applications, newest first, each with its timeline (read in one batch) and
 * when its e-visa mail was sent (read only for those with a visa to send).
 */
export function makeListOwnApplications(ports: Pick<Ports, 'applications' | 'history' | 'clock' | 'outbox'>) {
  const timelines = makeApplicationTimelines(ports);
  return async function listOwnApplications(actor: Actor): Promise<OwnApplicationView[]> {
    const now = ports.clock.now();
    const applications = await ports.applications.listByUser(actor.userId);
    const [byApplication, evisaSent] = await Promise.all([timelines(applications), evisaSentTimes(ports, applications)]);
    return applications.map((a) => Object.assign(toView(a, now), { timeline: byApplication.get(a.id) ?? [], evisaSentAt: evisaSent.get(a.id) ?? null }));
  };
}
