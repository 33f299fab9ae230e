import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import type { RouteDeps } from '../deps.js';

/** GET /api/health: 200 with the adapters in use while the database answers, else 503. */
export function healthRoutes({ agency }: RouteDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const database = await agency.persistence.ping().catch(() => false);
    const body = { status: database ? ('ok' as const) : ('unavailable' as const), database, adapters: agency.adapters };
    return database ? c.json(body, 200) : c.json(body, 503);
  });
}
