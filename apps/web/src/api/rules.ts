import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiPath, call } from './client.js';

const rulesRoute = api.public.rules;

/**
 * GET /api/public/rules (docs/product.md §5.11): Egypt's rules in force today and the changes
 * scheduled after it. The apply form checks a traveller's dates and nationality against them
 * (features/apply/form-rules.ts); the admin rules page reads it beside its own list.
 */
export const publicRulesQuery = queryOptions({
  queryKey: [apiPath(rulesRoute.$path())] as const,
  queryFn: () => call(rulesRoute.$get({ query: {} })),
  staleTime: 5 * 60_000,
});

export type PublicRulesDto = InferResponseType<typeof rulesRoute.$get, 200>;
