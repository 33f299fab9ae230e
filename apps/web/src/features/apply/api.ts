import type { InferRequestType, InferResponseType } from 'hono/client';
import { INVALID_APPLICATION_ID_MESSAGE } from '../../../../../core/domain/document.js';
import { api, call } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';

type NewApplication = InferRequestType<typeof api.applications.$post>['json'];
type CreatedApplication = InferResponseType<typeof api.applications.$post, 201>;

/** POST /api/applications: the form's fields. The answer must carry a whole-number id (SPEC §5). */
async function createApplication(json: NewApplication): Promise<CreatedApplication> {
  const created = await call(api.applications.$post({ json }));
  if (!created || typeof created.id !== 'number' || !Number.isInteger(created.id)) throw new Error(INVALID_APPLICATION_ID_MESSAGE);
  return created;
}

export function useCreateApplicationMutation(config?: MutationConfig<CreatedApplication, NewApplication>) {
  return useApiMutation(
    createApplication,
    (queryClient) => {
      // Submitting deleted the draft on the server: forget the copy this page restored from.
      queryClient.setQueryData(keys.applicationDraft, null);
      return queryClient.invalidateQueries({ queryKey: keys.applications });
    },
    config,
  );
}
