import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';

type NewFamily = InferRequestType<(typeof api)['application-groups']['$post']>['json'];
export type CreatedFamily = InferResponseType<(typeof api)['application-groups']['$post'], 201>;

/** POST /api/application-groups: 2 to 10 travellers' forms (the same trip) in one family application. */
export function useCreateFamilyMutation(config?: MutationConfig<CreatedFamily, NewFamily>) {
  return useApiMutation(
    (json: NewFamily) => call(api['application-groups'].$post({ json })),
    (queryClient) => {
      // Submitting deleted the draft on the server.
      queryClient.setQueryData(keys.applicationDraft, null);
      return queryClient.invalidateQueries({ queryKey: keys.applications });
    },
    config,
  );
}
