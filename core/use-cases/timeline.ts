import type { Application } from '../domain/application.js';
import { sortTimeline, type TimelineEntry } from '../domain/timeline.js';
import type { Ports } from '../ports/index.js';

/**
 * An application's timeline for its applicant (and the track page): each status change with the
 * words staff wrote for the applicant.
 */
export function makeApplicationTimeline(ports: Pick<Ports, 'history'>) {
  return async function applicationTimeline(application: Application): Promise<TimelineEntry[]> {
    const history = await ports.history.listByApplication(application.id);
    return sortTimeline(
      history.map((h) => ({ at: h.changedAt, kind: 'status' as const, status: h.toStatus, ...(h.message ? { message: h.message } : {}) })),
    );
  };
}
