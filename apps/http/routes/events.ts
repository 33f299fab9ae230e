import { Hono } from 'hono';
import { analyticsEventSchema } from '../../../core/schemas/analytics.js';
import { readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, keysOfValidBody, rateLimited } from '../route-facts.js';

/**
 * POST /api/events { name, path?, properties? }: page views and conversion events, from visitors and
 * signed-in users alike. Only the tracking fields of docs/product.md §13 are kept; the size of everything is bounded.
 */
export function eventRoutes({ agency, limits, clientAddress }: RouteDeps) {
  return new Hono<AppEnv>().post(
    '/',
    jsonBody(),
    rateLimited(
      limits.events,
      keysOfValidBody(analyticsEventSchema, (_, c) => clientAddress(c)),
    ),
    async (c: JsonBodyContext<typeof analyticsEventSchema>) => {
      const input = await readBody(c, analyticsEventSchema);
      await agency.useCases.recordEvent({
        name: input.name,
        path: input.path,
        properties: input.properties,
        userId: c.get('auth')?.user.id ?? null,
      });
      return c.body(null, 204);
    },
  );
}
