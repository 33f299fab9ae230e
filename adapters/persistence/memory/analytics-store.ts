import type { Analytics } from '../../../core/ports/analytics.js';
import { copy, time, type MemoryState } from './state.js';

export function analyticsStore(s: MemoryState): Analytics {
  return {
    async record(event) {
      s.analytics.push(copy(event));
    },
    async list(filter = {}) {
      return s.analytics
        .filter((e) => filter.name === undefined || e.name === filter.name)
        .map((e, i) => [e, i] as const)
        .sort(([a, i], [b, j]) => time(a.occurredAt) - time(b.occurredAt) || i - j)
        .map(([e]) => copy(e));
    },
  };
}
