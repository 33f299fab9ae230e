import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiPath, call } from '../../api/client.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';

const notesRoute = api.admin.applications[':id'].notes;
export type InternalNoteDto = InferResponseType<typeof notesRoute.$get, 200>[number];

const byId = (id: number) => ({ param: { id: String(id) } });
const notesKey = (applicationId: number) => [apiPath(notesRoute.$path(byId(applicationId)))] as const;

export const internalNotesQuery = (applicationId: number) => queryOptions({ queryKey: notesKey(applicationId), queryFn: () => call(notesRoute.$get(byId(applicationId))) });

/** GET /api/admin/applications/{id}/notes: staff's notes, oldest first. */
export function useInternalNotesQuery(applicationId: number) {
  return useQuery(internalNotesQuery(applicationId));
}

/** POST /api/admin/applications/{id}/notes: a note for colleagues; the list is refetched. */
export function useAddInternalNoteMutation(applicationId: number, config?: MutationConfig<InternalNoteDto, string>) {
  return useApiMutation(
    (text: string) => call(notesRoute.$post({ ...byId(applicationId), json: { text } })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: notesKey(applicationId) }),
    config,
  );
}
