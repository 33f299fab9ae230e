import { Hono } from 'hono';
import type { OnTimeRecord } from '../../../core/domain/reports.js';
import type { AppEnv } from '../context.js';
import type { RouteDeps } from '../deps.js';

/** How long one node reuses the record it computed (and browsers and caches may keep it). */
export const ON_TIME_RECORD_MAX_AGE_SECONDS = 600;

/**
 * The public on-time record (docs/product.md §17.2), for anyone: GET /api/public/on-time →
 * { weeks: [{ weekStart, finished, onTimeRate }], medianHours }; GET /api/public/status → the
 * official portal's status (decision 0032). Computed from the status history
 * at most once per ON_TIME_RECORD_MAX_AGE_SECONDS per node, so visitors cannot load the database.
 */
export function publicRecordRoutes({ agency }: RouteDeps) {
  const { useCases, ports } = agency;
  let cached: { record: Promise<OnTimeRecord>; until: number } | null = null;
  function record(): Promise<OnTimeRecord> {
    const now = ports.clock.now().getTime();
    if (!cached || cached.until <= now) {
      const computing = useCases.onTimeRecord();
      cached = { record: computing, until: now + ON_TIME_RECORD_MAX_AGE_SECONDS * 1000 };
      computing.catch(() => {
        if (cached?.record === computing) cached = null;
      });
    }
    return cached.record;
  }
  return (
    new Hono<AppEnv>()
      .get('/on-time', async (c) => {
        const answer = await record();
        c.header('Cache-Control', `public, max-age=${ON_TIME_RECORD_MAX_AGE_SECONDS}`);
        return c.json(answer, 200);
      })
      // The official portal's status (decision 0032): { state: 'up' | 'down', message, since }. Read
      // by every page after it has hydrated; one indexed row, never cached, so a switch shows at once.
      .get('/status', async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await useCases.portalStatus(), 200);
      })
  );
}
