import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { refreshNothing, useApiMutation, type MutationConfig } from '../../api/mutation.js';

const track = api.track;
type RequestInput = InferRequestType<typeof track.request.$post>['json'];
type VerifyInput = InferRequestType<typeof track.verify.$post>['json'];
type ForgotInput = InferRequestType<typeof track.forgot.$post>['json'];
type Message = InferResponseType<typeof track.request.$post, 200>;
type Verified = InferResponseType<typeof track.verify.$post, 200>;

/** What the track page shows of one application (docs/product.md §16.1). */
export type TrackedApplication = NonNullable<InferResponseType<typeof track.application.$get, 200>['application']>;

/** GET /api/track/application: the application this browser's tracking cookie opens, or null. */
export const trackedApplicationQuery = queryOptions({
  queryKey: keys.trackedApplication,
  queryFn: () => call(track.application.$get()),
  // The cookie is short-lived and the status may change: ask again on every visit.
  staleTime: 0,
});

/** POST /api/track/request: the same answer whether or not the number and email match. */
export function useRequestTrackingCodeMutation(config?: MutationConfig<Message, RequestInput>) {
  return useApiMutation((json: RequestInput) => call(track.request.$post({ json })), refreshNothing, config);
}

/** POST /api/track/verify: the right code opens the application (and sets the cookie a reload reads). */
export function useVerifyTrackingCodeMutation(config?: MutationConfig<Verified, VerifyInput>) {
  return useApiMutation(
    (json: VerifyInput) => call(track.verify.$post({ json })),
    (queryClient, data) => {
      queryClient.setQueryData(trackedApplicationQuery.queryKey, data);
    },
    config,
  );
}

/** POST /api/track/end: "Track another application" forgets the cookie. */
export function useEndTrackingMutation(config?: MutationConfig<unknown, void>) {
  return useApiMutation(
    () => call(track.end.$post()),
    (queryClient) => {
      queryClient.setQueryData(trackedApplicationQuery.queryKey, { application: null });
    },
    config,
  );
}

/** POST /api/track/forgot: mails the address's application numbers (the same answer always). */
export function useForgotNumberMutation(config?: MutationConfig<Message, ForgotInput>) {
  return useApiMutation((json: ForgotInput) => call(track.forgot.$post({ json })), refreshNothing, config);
}
