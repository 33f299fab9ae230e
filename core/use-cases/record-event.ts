import type { AnalyticsEvent } from '../ports/analytics.js';
import type { Ports } from '../ports/index.js';
import { analyticsEventSchema } from '../schemas/analytics.js';
import { parseInput } from '../schemas/parse.js';

/** A page view or conversion event (docs/product.md §13): only the listed tracking fields are kept. */
export function makeRecordEvent(ports: Pick<Ports, 'analytics' | 'clock'>) {
  return async function recordEvent(event: Omit<AnalyticsEvent, 'occurredAt'>): Promise<void> {
    const data = parseInput(analyticsEventSchema, event);
    await ports.analytics.record({
      name: data.name,
      path: data.path,
      userId: event.userId ?? null,
      properties: data.properties,
      occurredAt: ports.clock.now(),
    });
  };
}
