import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { entriesFrom, SHIPPED_EGYPT_RULES, type EgyptRule } from '../../../../../core/domain/egypt-rules.js';
import { api, apiPath, call } from '../../api/client.js';

const rulesRoute = api.public.rules;

/**
 * GET /api/public/rules (docs/product.md §5.7): Egypt's rules in force today and the changes
 * scheduled after it. The apply form checks a traveller's dates and nationality against them.
 */
export const publicRulesQuery = queryOptions({
  queryKey: [apiPath(rulesRoute.$path())] as const,
  queryFn: () => call(rulesRoute.$get({ query: {} })),
  staleTime: 5 * 60_000,
});

export type PublicRulesDto = InferResponseType<typeof rulesRoute.$get, 200>;

/** The entries the form checks against: the server's, or the shipped rules until they arrive (or when they cannot). */
export function formRules(data: PublicRulesDto | undefined): readonly EgyptRule[] {
  // Dates arrive as text; the checks read only the values, dates and kinds.
  return data ? entriesFrom(data as unknown as Parameters<typeof entriesFrom>[0]) : SHIPPED_EGYPT_RULES;
}
