import type { Application } from '../domain/application.js';
import type { TimelineEntry } from '../domain/timeline.js';
import type { Ports } from '../ports/index.js';
import { makeApplicationTimelines } from './application-timelines.js';

/**
 * An application's timeline for its applicant (and the track page): each status change with the
 * words staff wrote for the applicant (an information request, a rejection reason), the fees paid
 * or waived, refunds, and passport uploads. Never a staff member's name or an internal note.
 */
export function makeApplicationTimeline(ports: Pick<Ports, 'history'>) {
  const timelines = makeApplicationTimelines(ports);
  return async function applicationTimeline(application: Application): Promise<TimelineEntry[]> {
    return (await timelines([application])).get(application.id) ?? [];
  };
}
