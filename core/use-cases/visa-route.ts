import { rulesInForce } from '../domain/egypt-rules.js';
import { governmentFeeOn } from '../domain/portal-ledger.js';
import { routesFor, type RouteAnswer } from '../domain/visa-router.js';
import { londonDateOf } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { visaRouteQuerySchema, type VisaRouteQuery } from '../schemas/visa-router.js';

/**
 * GET /api/public/route (docs/product.md §5.12): every route into Egypt open to a traveller, from the
 * rules in force on their arrival date and the government fee in force today (when they would apply).
 * Bad input (an unknown nationality, an arrival in the past or over 12 months away, a bad stay) is a
 * Validation error. `portalUrl` is the official portal the agency names (its configuration).
 */
export function makeVisaRoute(ports: Pick<Ports, 'egyptRules' | 'governmentFees' | 'clock'>) {
  return async function visaRoute(query: VisaRouteQuery, portalUrl: string): Promise<RouteAnswer> {
    const day = londonDateOf(ports.clock.now());
    const trip = parseInput(visaRouteQuerySchema(day), query);
    const [stored, fees] = await Promise.all([ports.egyptRules.list(), ports.governmentFees.list()]);
    return routesFor(trip, rulesInForce(stored, trip.arrival), governmentFeeOn(fees, day), day, portalUrl);
  };
}
