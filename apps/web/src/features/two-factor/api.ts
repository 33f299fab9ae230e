import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, apiPath, call, send } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { refreshNothing, useApiMutation, type MutationConfig } from '../../api/mutation.js';

const twoFactor = api.user['two-factor'];
const sessions = api.user.sessions;

export type TwoFactorStatus = InferResponseType<typeof twoFactor.$get, 200>;
export type TwoFactorSetup = InferResponseType<typeof twoFactor.setup.$post, 200>;
export type EnabledTwoFactor = InferResponseType<typeof twoFactor.enable.$post, 200>;
type EnableInput = InferRequestType<typeof twoFactor.enable.$post>['json'];
type DisableInput = InferRequestType<typeof twoFactor.disable.$post>['json'];
export type SessionListing = InferResponseType<typeof sessions.$get, 200>[number];

export const twoFactorKeys = {
  status: [apiPath(twoFactor.$path())] as const,
  sessions: [apiPath(sessions.$path())] as const,
};

export const twoFactorStatusQuery = queryOptions({ queryKey: twoFactorKeys.status, queryFn: () => call(twoFactor.$get()) });
export const sessionsQuery = queryOptions({ queryKey: twoFactorKeys.sessions, queryFn: () => call(sessions.$get()) });

export function useTwoFactorStatusQuery() {
  return useQuery(twoFactorStatusQuery);
}

export function useSessionsQuery() {
  return useQuery(sessionsQuery);
}

/** Turning two-factor sign-in on or off changes the user, their sessions (the others end) and the status. */
const refreshAccount = async (queryClient: QueryClient) => {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.user }),
    queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
    queryClient.invalidateQueries({ queryKey: twoFactorKeys.sessions }),
  ]);
};

/** POST /api/user/two-factor/setup: a new secret with its QR code (nothing is on until a code confirms it). */
export function useSetUpTwoFactorMutation(config?: MutationConfig<TwoFactorSetup, void>) {
  return useApiMutation(() => call(twoFactor.setup.$post()), refreshNothing, config);
}

/** POST /api/user/two-factor/enable `{ code }`: answers the recovery codes, shown once. */
export function useEnableTwoFactorMutation(config?: MutationConfig<EnabledTwoFactor, EnableInput>) {
  return useApiMutation((json: EnableInput) => call(twoFactor.enable.$post({ json })), refreshAccount, config);
}

/** POST /api/user/two-factor/disable `{ password }`. */
export function useDisableTwoFactorMutation(config?: MutationConfig<void, DisableInput>) {
  return useApiMutation((json: DisableInput) => send(twoFactor.disable.$post({ json })), refreshAccount, config);
}

/** DELETE /api/user/sessions/{id}: signs that browser out. */
export function useEndSessionMutation(config?: MutationConfig<void, string>) {
  return useApiMutation(
    (id: string) => send(sessions[':id'].$delete({ param: { id } })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: twoFactorKeys.sessions }),
    config,
  );
}
