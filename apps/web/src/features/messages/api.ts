import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiPath, call } from '../../api/client.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';

const messagesRoute = api.admin.applications[':id'].messages;
const resendRoute = api.admin.messages[':id'].resend;
export type MessageDto = InferResponseType<typeof messagesRoute.$get, 200>[number];

const byId = (id: number) => ({ param: { id: String(id) } });
const messagesKey = (applicationId: number) => [apiPath(messagesRoute.$path(byId(applicationId)))] as const;

export const messagesQuery = (applicationId: number) => queryOptions({ queryKey: messagesKey(applicationId), queryFn: () => call(messagesRoute.$get(byId(applicationId))) });

/** GET /api/admin/applications/{id}/messages: the delivery log, newest first. */
export function useMessagesQuery(applicationId: number) {
  return useQuery(messagesQuery(applicationId));
}

/** POST /api/admin/messages/{id}/resend: a fresh copy to the account's address now; the log is refetched. */
export function useResendMessageMutation(applicationId: number, config?: MutationConfig<MessageDto, string>) {
  return useApiMutation(
    (messageId: string) => call(resendRoute.$post({ param: { id: messageId } })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: messagesKey(applicationId) }),
    config,
  );
}
