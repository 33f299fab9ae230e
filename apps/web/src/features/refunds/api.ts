import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, apiPath, call } from '../../api/client.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';
import { refreshAdminData } from '../../api/admin.js';

// Staff refunds (docs/product.md §4.7): the application's refunds, asking for one, approving one,
// and the queue of refunds awaiting approval.

const ofApplication = api.admin.applications[':id'].refunds;
const approveRoute = api.admin.refunds[':refundId'].approve;
const awaitingRoute = api.admin.refunds['awaiting-approval'];
export type RefundDto = InferResponseType<typeof ofApplication.$get, 200>[number];
export type RefundRequestBody = InferRequestType<typeof ofApplication.$post>['json'];
export type AwaitingRefundDto = InferResponseType<typeof awaitingRoute.$get, 200>['refunds'][number];

const byId = (id: number) => ({ param: { id: String(id) } });
const refundsKey = (applicationId: number) => [apiPath(ofApplication.$path(byId(applicationId)))] as const;
const awaitingKey = [apiPath(awaitingRoute.$path())] as const;

export const refundsQuery = (applicationId: number) => queryOptions({ queryKey: refundsKey(applicationId), queryFn: () => call(ofApplication.$get(byId(applicationId))) });

export function useRefundsQuery(applicationId: number) {
  return useQuery(refundsQuery(applicationId));
}

/** GET /api/admin/refunds/awaiting-approval: the queue and its count, read again when staff come back to the tab. */
export const awaitingApprovalQuery = queryOptions({ queryKey: awaitingKey, queryFn: () => call(awaitingRoute.$get()), refetchOnWindowFocus: true });

export function useAwaitingApprovalQuery(enabled = true) {
  return useQuery({ ...awaitingApprovalQuery, enabled });
}

/** What a refund write changes: its application's refunds and row, and the approval queue. */
function refreshRefunds(queryClient: QueryClient, applicationId: number): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: refundsKey(applicationId) }), queryClient.invalidateQueries({ queryKey: awaitingKey }), refreshAdminData(queryClient, applicationId)]);
}

/** POST /api/admin/applications/{id}/refunds: the refund and, once it succeeded, the application's refunded amount change. */
export function useRequestRefundMutation(applicationId: number, config?: MutationConfig<RefundDto, RefundRequestBody>) {
  return useApiMutation(
    (json: RefundRequestBody) => call(ofApplication.$post({ ...byId(applicationId), json })),
    (queryClient) => refreshRefunds(queryClient, applicationId),
    config,
  );
}

/** POST /api/admin/refunds/{refundId}/approve (another member of staff than the one who asked). */
export function useApproveRefundMutation(applicationId: number, config?: MutationConfig<RefundDto, number>) {
  return useApiMutation(
    (refundId: number) => call(approveRoute.$post({ param: { refundId: String(refundId) } })),
    (queryClient) => refreshRefunds(queryClient, applicationId),
    config,
  );
}
