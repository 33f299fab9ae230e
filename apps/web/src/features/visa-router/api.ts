import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, apiPath, call } from '../../api/client.js';

const route = api.public.route;

/** The router's question as the page sends it (all text, as in the address). */
export type RouteQuestion = InferRequestType<typeof route.$get>['query'];
/** GET /api/public/route's answer: the routes open, and the nationality's others that do not fit, with why. */
export type RouteAnswerDto = InferResponseType<typeof route.$get, 200>;

/**
 * GET /api/public/route (docs/product.md §5.12): every route into Egypt open to this traveller, from
 * Egypt's rules in force on their arrival date. A bad question is answered 400 { message }.
 */
export function visaRouteQuery(question: RouteQuestion) {
  return queryOptions({
    queryKey: [apiPath(route.$path()), question] as const,
    queryFn: () => call(route.$get({ query: question })),
    staleTime: 60_000,
    retry: false,
  });
}
