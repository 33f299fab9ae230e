import type { InferRequestType, InferResponseType } from 'hono/client';
import { refreshApplication } from '../../api/applications.js';
import { api, call } from '../../api/client.js';
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
