import type { InferRequestType, InferResponseType } from 'hono/client';
import { refreshApplication } from '../../api/applications.js';
import { api, call } from '../../api/client.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';
import { refreshAdminData } from '../../api/admin.js';

export type CancellationResult = InferResponseType<(typeof api.applications)[':id']['cancel']['$post'], 200>;

/** POST /api/applications/{id}/cancel: cancels at once or asks staff; the application is refetched. */
export function useCancelApplicationMutation(applicationId: number, config?: MutationConfig<CancellationResult, { reason: string }>) {
  return useApiMutation(
    ({ reason }: { reason: string }) => call(api.applications[':id'].cancel.$post({ param: { id: String(applicationId) }, json: { reason: reason.trim() || null } })),
    (queryClient) => refreshApplication(queryClient, applicationId),
    config,
  );
}

const cancellationRoute = api.admin.applications[':id'].cancellation;
export type CancellationDecision = InferRequestType<typeof cancellationRoute.$post>['json'];

/** POST /api/admin/applications/{id}/cancellation: staff accept (with a refund) or decline the applicant's request. */
export function useDecideCancellationMutation(applicationId: number, config?: MutationConfig<CancellationResult, CancellationDecision>) {
  return useApiMutation(
    (json: CancellationDecision) => call(cancellationRoute.$post({ param: { id: String(applicationId) }, json })),
    (queryClient) => refreshAdminData(queryClient, applicationId),
    config,
  );
}
