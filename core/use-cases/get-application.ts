import type { Ports } from '../ports/index.js';
import { evisaSentTimes } from './evisa-mail.js';
import { loadVisible, viewFor } from './shared.js';
import { makeApplicationTimeline } from './timeline.js';
import type { Actor, OwnApplicationView } from './types.js';

/** One application with its timeline and when its e-visa was mailed: its owner (in full) or staff (as staff read it, decision 0030); anyone else gets "not found". */
export function makeGetApplication(ports: Pick<Ports, 'applications' | 'history' | 'clock' | 'outbox'>) {
  const timeline = makeApplicationTimeline(ports);
  return async function getApplication(actor: Actor, applicationId: number): Promise<OwnApplicationView> {
    const application = await loadVisible(ports, actor, applicationId);
    const [steps, evisaSent] = await Promise.all([timeline(application), evisaSentTimes(ports, [application])]);
    return Object.assign(viewFor(actor, application, ports.clock.now()), { timeline: steps, evisaSentAt: evisaSent.get(application.id) ?? null });
  };
}
