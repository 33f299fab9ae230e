import type { QueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';
import type { CurrentUser } from '../../api/user.js';
import { pageLanguage } from '../../lib/i18n.js';

/** Signing in and registering; who is signed in and signing out are the shared api/user.ts and api/logout.ts. */
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
  return useApiMutation((json: RegistrationInput) => call(api.register.$post({ json: { ...json, locale: json.locale ?? pageLanguage() } })), signedIn, config);
}

type SecondStepInput = InferRequestType<(typeof api.login)['two-factor']['$post']>['json'];
export type SecondStepAnswer = InferResponseType<(typeof api.login)['two-factor']['$post'], 200>;

/** POST /api/login/two-factor: the second step of signing in; the session opens with its answer. */
export function useSecondStepMutation(config?: MutationConfig<SecondStepAnswer, SecondStepInput>) {
  return useApiMutation(
    (json: SecondStepInput) => call(api.login['two-factor'].$post({ json })),
    async (queryClient, data) => {
      queryClient.setQueryData(keys.user, data.user);
      await queryClient.invalidateQueries({ queryKey: keys.user });
    },
    config,
  );
}
