import type { InferRequestType, InferResponseType } from 'hono/client';
import { refreshApplication } from '../../api/applications.js';
import { api, call } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';

type AddressInput = InferRequestType<(typeof api.applications)[':id']['$patch']>['json'];
type UpdatedApplication = InferResponseType<(typeof api.applications)[':id']['$patch'], 200>;

/** PATCH /api/applications/{id}: the address and hotel details; the application is refetched. */
export function useSaveAddressMutation(applicationId: number, config?: MutationConfig<UpdatedApplication, AddressInput>) {
  return useApiMutation(
    (json: AddressInput) => call(api.applications[':id'].$patch({ param: { id: String(applicationId) }, json })),
    (queryClient) => refreshApplication(queryClient, applicationId),
    config,
  );
}

/**
 * A family application: the same address and hotel details for the other travellers whose details
 * are still missing (each PATCHed as its own application); the list is refetched.
 */
export function useCopyAddressToFamilyMutation(config?: MutationConfig<number, { applicationIds: number[]; details: AddressInput }>) {
  return useApiMutation(
    async ({ applicationIds, details }: { applicationIds: number[]; details: AddressInput }) => {
      for (const id of applicationIds) await call(api.applications[':id'].$patch({ param: { id: String(id) }, json: details }));
      return applicationIds.length;
    },
    (queryClient) => queryClient.invalidateQueries({ queryKey: keys.applications }),
    config,
  );
}
