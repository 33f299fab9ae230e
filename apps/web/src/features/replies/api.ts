import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { refreshApplication } from '../../api/applications.js';
import { api, apiPath, call, upload, type UploadProgress } from '../../api/client.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';

const repliesRoute = api.applications[':id'].replies;
const replyRoute = api.applications[':id'].reply;
/** A reply as the API answers it: the words, when, and the documents (docs/product.md §16.7). */
export type ReplyDto = InferResponseType<typeof repliesRoute.$get, 200>[number];
type SentReply = InferResponseType<typeof replyRoute.$post, 201>;

const byId = (id: number) => ({ param: { id: String(id) } });
const repliesKey = (applicationId: number) => [apiPath(repliesRoute.$path(byId(applicationId)))] as const;

export const repliesQuery = (applicationId: number) => queryOptions({ queryKey: repliesKey(applicationId), queryFn: () => call(repliesRoute.$get(byId(applicationId))) });

/** GET /api/applications/{id}/replies: the applicant's replies, newest first (the applicant and staff). */
export function useRepliesQuery(applicationId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...repliesQuery(applicationId), enabled: options.enabled ?? true });
}

export interface ReplyToSend {
  text: string;
  files: readonly File[];
  onProgress?: (step: UploadProgress) => void;
}

/**
 * POST /api/applications/{id}/reply (multipart: `text` and `files`, repeated), with the upload's
 * progress steps; afterwards the application (its clock, timeline and documents) and its replies
 * are refetched.
 */
export function useSendReplyMutation(applicationId: number, config?: MutationConfig<SentReply, ReplyToSend>) {
  return useApiMutation(
    ({ text, files, onProgress }: ReplyToSend) => upload<SentReply>(apiPath(replyRoute.$path(byId(applicationId))), { text, files }, onProgress),
    (queryClient) => Promise.all([refreshApplication(queryClient, applicationId), queryClient.invalidateQueries({ queryKey: repliesKey(applicationId) })]),
    config,
  );
}
