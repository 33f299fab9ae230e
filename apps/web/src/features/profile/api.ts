import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';

type ProfileInput = InferRequestType<typeof api.user.profile.$put>['json'];
type ChangePasswordInput = InferRequestType<(typeof api.user)['change-password']['$put']>['json'];
type UpdatedUser = InferResponseType<typeof api.user.profile.$put, 200>;
type PasswordChanged = InferResponseType<(typeof api.user)['change-password']['$put'], 200>;

/** PUT /api/user/profile (the phone number); the current user is refetched. */
export function useUpdateProfileMutation(config?: MutationConfig<UpdatedUser, ProfileInput>) {
  return useApiMutation(
    (json: ProfileInput) => call(api.user.profile.$put({ json })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: keys.user }),
    config,
  );
}

/**
 * PUT /api/user/change-password (the confirmation is checked by the form and never sent). The
 * server signs every other browser out and gives this one a fresh session: the user is refetched.
 */
export function useChangePasswordMutation(config?: MutationConfig<PasswordChanged, ChangePasswordInput>) {
  return useApiMutation(
    (json: ChangePasswordInput) => call(api.user['change-password'].$put({ json })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: keys.user }),
    config,
  );
}
