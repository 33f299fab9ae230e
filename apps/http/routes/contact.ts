import { Hono } from 'hono';
import { contactSchema } from '../../../core/schemas/contact.js';
import { negotiateLocale } from '../../../core/domain/locale.js';
import { readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, keysOfValidBody, rateLimited } from '../route-facts.js';

export const TOO_MANY_FORMS_MESSAGE = 'Too many forms have been sent from your network. Please try again later.';

/** POST /api/contact: the enquiry, which also creates an account for the visitor. */
export function contactRoutes({ agency, limits, clientAddress }: RouteDeps) {
  return new Hono<AppEnv>().post(
    '/',
    jsonBody(),
    // Each may create an account and send mail: so many per address.
    rateLimited(
      limits.contact,
      keysOfValidBody(contactSchema, (_, c) => clientAddress(c)),
      { message: TOO_MANY_FORMS_MESSAGE },
    ),
    async (c: JsonBodyContext<typeof contactSchema>) => {
      const input = await readBody(c, contactSchema);
      const result = await agency.useCases.submitContactForm({ ...input, locale: input.locale ?? negotiateLocale(c.req.header('accept-language')) });
      return c.json({ userId: result.userId, accountCreated: result.accountCreated, message: result.message }, 201);
    },
  );
}
