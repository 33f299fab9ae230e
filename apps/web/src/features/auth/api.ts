import type { QueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call, send } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { refreshNothing, useApiMutation, type MutationConfig } from '../../api/mutation.js';
import type { CurrentUser } from './user-query.js';

/** Signing in, registering and signing out; who is signed in is user-query.ts. */
export type LoginResponse = InferResponseType<typeof api.login.$post, 200>;
type LoginInput = InferRequestType<typeof api.login.$post>['json'];
type RegistrationInput = InferRequestType<typeof api.register.$post>['json'];

/** Signed in: the user is known at once, and the current-user query is invalidated (docs/product.md §7.8). */
async function signedIn(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  queryClient.setQueryData(keys.user, user);
  await queryClient.invalidateQueries({ queryKey: keys.user });
}

/**
 * POST /api/login. For an account with two-factor sign-in the answer is `{ twoFactorRequired: true }`
 * and nobody is signed in yet: the page asks for the code (useSecondStepMutation).
 */
export function useLoginMutation(config?: MutationConfig<LoginResponse, LoginInput>) {
  return useApiMutation(
    (json: LoginInput) => call(api.login.$post({ json })),
    (queryClient, data) => ('user' in data ? signedIn(queryClient, data.user) : undefined),
    config,
  );
}

/** POST /api/register (the confirmation is checked by the form and never sent). */
export function useRegisterMutation(config?: MutationConfig<CurrentUser, RegistrationInput>) {
  return useApiMutation((json: RegistrationInput) => call(api.register.$post({ json })), signedIn, config);
}

/** POST /api/logout: no body is read; the user is cleared and nothing of theirs stays cached. */
export function useLogoutMutation(config?: MutationConfig<void, void>) {
  return useApiMutation(
    () => send(api.logout.$post()),
    refreshNothing,
    config,
  );
}
