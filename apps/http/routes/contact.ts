import { Hono } from 'hono';
import { errors } from '../../../core/domain/errors.js';
import { contactSchema } from '../../../core/schemas/contact.js';
import { clientIp, readBody, type AppEnv } from '../context.js';
import type { RouteDeps } from '../deps.js';

/** POST /api/contact: the enquiry, which also creates an account for the visitor. */
export function contactRoutes({ agency, limits, trustProxy }: RouteDeps) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const input = await readBody(c, contactSchema);
    const wait = limits.contact.take(`address:${clientIp(c, trustProxy)}`);
    if (wait > 0) throw errors.rateLimited(wait);
    const result = await agency.useCases.submitContactForm(input);
    c.set('mailQueued', true);
    return c.json({ userId: result.userId, accountCreated: result.accountCreated, message: result.message }, 201);
  });
}
