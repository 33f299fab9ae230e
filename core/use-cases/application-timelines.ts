import type { Application } from '../domain/application.js';
import { timelineOf, type TimelineEntry, type TimelineFact } from '../domain/timeline.js';
import type { Ports } from '../ports/index.js';

/**
 * The timelines of several applications (docs/product.md §16.2) in one batched read, whatever
 * their number: by application id, oldest step first.
 */
export function makeApplicationTimelines(ports: Pick<Ports, 'history'>) {
  return async function applicationTimelines(applications: readonly Pick<Application, 'id'>[]): Promise<Map<number, TimelineEntry[]>> {
    const byApplication = new Map<number, TimelineEntry[]>(applications.map((a) => [a.id, []]));
    if (applications.length === 0) return byApplication;
    const facts = await ports.history.listTimelineFacts(applications.map((a) => a.id));
    const grouped = new Map<number, TimelineFact[]>();
    for (const fact of facts) {
      const own = grouped.get(fact.applicationId);
      if (own) own.push(fact);
      else grouped.set(fact.applicationId, [fact]);
    }
    for (const [id, own] of grouped) if (byApplication.has(id)) byApplication.set(id, timelineOf(own));
    return byApplication;
  };
}
