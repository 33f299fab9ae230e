import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { logOf } from '../request-context.js';

/** A check that has not answered in this time counts as down (a load balancer must not hang). */
const CHECK_TIMEOUT_MS = 3000;

async function within(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and monitors:
 * - GET /api/health (readiness): 200 { status: 'ok' } while the database and the file storage
 *   answer, else 503 { status: 'degraded' }. Nothing else for visitors; admins also get each check
 *   and the adapters in use. What failed is written to the server log.
 * - GET /api/health/live (liveness): 200 while the process serves requests.
 */
export function healthRoutes({ agency }: RouteDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const [database, storage] = await Promise.all([within(() => agency.persistence.ping()), within(() => agency.ports.files.ping())]);
      const ok = database && storage;
      if (!ok) {
        const down = [!database && `database ${agency.adapters.database}`, !storage && `storage ${agency.adapters.storage}`].filter(Boolean);
        logOf(c).warn({ component: 'health', down }, `degraded: ${down.join(' and ')} did not answer`);
      }
      const status = ok ? ('ok' as const) : ('degraded' as const);
      const body = c.get('auth')?.user.isAdmin ? { status, checks: { database, storage }, adapters: agency.adapters } : { status };
      return c.json(body, ok ? 200 : 503);
    })
    .get('/live', (c) => c.json({ status: 'ok' as const }, 200));
}
