import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { refreshNothing, useApiMutation, type MutationConfig } from '../../api/mutation.js';

const resetRoutes = api['password-reset'];
type ResetRequestInput = InferRequestType<typeof resetRoutes.$post>['json'];
type ResetInput = InferRequestType<typeof resetRoutes.confirm.$post>['json'];
type ResetAnswer = InferResponseType<typeof resetRoutes.confirm.$post, 200>;
type ResetRequested = InferResponseType<typeof resetRoutes.$post, 200>;

/** POST /api/password-reset: mails a reset link (the same answer whether or not the email has an account). */
export function useRequestPasswordResetMutation(config?: MutationConfig<ResetRequested, ResetRequestInput>) {
  return useApiMutation((json: ResetRequestInput) => call(resetRoutes.$post({ json })), refreshNothing, config);
}

/**
 * POST /api/password-reset/confirm: the new password. Every session of the account has ended, this
 * browser's too if it was signed in as it: the current user is refetched.
 */
export function useResetPasswordMutation(config?: MutationConfig<ResetAnswer, ResetInput>) {
  return useApiMutation(
    (json: ResetInput) => call(resetRoutes.confirm.$post({ json })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: keys.user }),
    config,
  );
}
