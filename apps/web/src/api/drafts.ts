import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, call, send } from './client.js';
import { keys } from './keys.js';
import { useApiMutation, type MutationConfig } from './mutation.js';

/** What a draft holds: any subset of the form's fields, as the server checked them. */
export type DraftFieldsDto = InferRequestType<(typeof api)['application-draft']['$put']>['json'];

/** GET /api/application-draft: the saved fields, or null when there is none. */
export const applicationDraftQuery = queryOptions({
  queryKey: keys.applicationDraft,
  queryFn: async (): Promise<DraftFieldsDto | null> => ((await call(api['application-draft'].$get())) as DraftFieldsDto | null) ?? null,
});

export function useApplicationDraftQuery() {
  return useQuery(applicationDraftQuery);
}

/** PUT /api/application-draft: replaces the draft with these fields (the autosave). */
export function useSaveDraftMutation(config?: MutationConfig<DraftFieldsDto, DraftFieldsDto>) {
  return useApiMutation(
    async (json: DraftFieldsDto) => (await call(api['application-draft'].$put({ json }))) as DraftFieldsDto,
    (queryClient, saved) => {
      queryClient.setQueryData(keys.applicationDraft, saved);
    },
    config,
  );
}

/** DELETE /api/application-draft ("Start over"). */
export function useDeleteDraftMutation(config?: MutationConfig<void, void>) {
  return useApiMutation(
    () => send(api['application-draft'].$delete()),
    (queryClient) => {
      queryClient.setQueryData(keys.applicationDraft, null);
    },
    config,
  );
}
