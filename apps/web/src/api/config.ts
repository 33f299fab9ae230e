import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, call } from './client.js';
import { keys } from './keys.js';

/** GET /api/config: the payment provider, its public key and the agency's name and email. */
export type PublicConfig = InferResponseType<typeof api.config.$get, 200>;

export const configQuery = queryOptions({
  queryKey: keys.config,
  queryFn: () => call(api.config.$get()),
});

export function useConfigQuery() {
  return useQuery(configQuery);
}
