import type { Ports } from '../ports/index.js';
import { loadVisible, toView } from './shared.js';
import { makeApplicationTimeline } from './timeline.js';
import type { Actor, OwnApplicationView } from './use-cases.js';

/** One application with its timeline: its owner or an admin; anyone else gets "not found". */
export function makeGetApplication(ports: Pick<Ports, 'applications' | 'history' | 'clock'>) {
  const timeline = makeApplicationTimeline(ports);
  return async function getApplication(actor: Actor, applicationId: number): Promise<OwnApplicationView> {
    const application = await loadVisible(ports, actor, applicationId);
    return Object.assign(toView(application, ports.clock.now()), { timeline: await timeline(application) });
  };
}
