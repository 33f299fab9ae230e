import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, apiPath, call } from '../../api/client.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';
import { publicRulesQuery } from '../../api/rules.js';

const rulesRoute = api.admin.rules;
export type AdminRulesDto = InferResponseType<typeof rulesRoute.$get, 200>;
export type AdminRuleDto = AdminRulesDto['rules'][number];
export type RuleInput = InferRequestType<typeof rulesRoute.$put>['json'];
export type RuleSetDto = InferResponseType<typeof rulesRoute.$put, 200>;

export const adminRulesKey = [apiPath(rulesRoute.$path())] as const;

/** GET /api/admin/rules: every entry of Egypt's rules with its state (docs/product.md §5.11). */
export const adminRulesQuery = queryOptions({ queryKey: adminRulesKey, queryFn: () => call(rulesRoute.$get()) });

export function useAdminRulesQuery() {
  return useQuery(adminRulesQuery);
}

/** PUT /api/admin/rules: a rule from a date on; the answer says which open applications it affected. */
export function useSetRuleMutation(config?: MutationConfig<RuleSetDto, RuleInput>) {
  return useApiMutation(
    (json: RuleInput) => call(rulesRoute.$put({ json })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: adminRulesKey });
      await queryClient.invalidateQueries({ queryKey: publicRulesQuery.queryKey });
    },
    config,
  );
}
