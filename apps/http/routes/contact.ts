import { Hono } from 'hono';
import { errors } from '../../../core/domain/errors.js';
import { contactSchema } from '../../../core/schemas/contact.js';
import { readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';

export const TOO_MANY_FORMS_MESSAGE = 'Too many forms have been sent from your network. Please try again later.';

/** POST /api/contact: the enquiry, which also creates an account for the visitor. */
export function contactRoutes({ agency, limits, clientAddress }: RouteDeps) {
  return new Hono<AppEnv>().post('/', async (c: JsonBodyContext<typeof contactSchema>) => {
    const input = await readBody(c, contactSchema);
    const wait = await limits.contact.take(clientAddress(c));
    if (wait > 0) throw errors.rateLimited(wait, TOO_MANY_FORMS_MESSAGE);
    const result = await agency.useCases.submitContactForm(input);
    return c.json({ userId: result.userId, accountCreated: result.accountCreated, message: result.message }, 201);
  });
}
