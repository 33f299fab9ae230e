import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import type { RouteDeps } from '../deps.js';

export interface PublicConfig {
  paymentProvider: 'stripe' | 'test';
  stripePublishableKey?: string;
  agencyEmail: string;
  agencyName: string;
}

/** GET /api/config: what the SPA needs to know about this installation. */
export function configRoutes({ agency }: RouteDeps) {
  const { config } = agency;
  const answer: PublicConfig = config.stripe
    ? {
        paymentProvider: 'stripe',
        stripePublishableKey: config.stripe.publishableKey,
        agencyEmail: config.agencyEmail,
        agencyName: config.agencyName,
      }
    : { paymentProvider: 'test', agencyEmail: config.agencyEmail, agencyName: config.agencyName };
  return new Hono<AppEnv>().get('/', (c) => c.json(answer, 200));
}
