import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, apiPath, call, upload } from '../../api/client.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';
import { refreshAdminData } from '../../api/admin.js';

const portalRoute = api.admin.applications[':id'].portal;
const receiptRoute = portalRoute.receipt;
const feesRoute = api.admin['government-fees'];

export type PortalDto = InferResponseType<typeof portalRoute.$put, 200>;
export type PortalUpdate = InferRequestType<typeof portalRoute.$put>['json'];
export type GovernmentFeesDto = InferResponseType<typeof feesRoute.$get, 200>;

const byId = (id: number) => ({ param: { id: String(id) } });

/** GET /api/admin/government-fees: the configuration and the entry in effect today (pre-fills the fee). */
export const governmentFeesQuery = queryOptions({ queryKey: [apiPath(feesRoute.$path())] as const, queryFn: () => call(feesRoute.$get()), staleTime: 60 * 60_000 });

export function useGovernmentFeesQuery() {
  return useQuery(governmentFeesQuery);
}

/** PUT /api/admin/applications/{id}/portal: the ledger; the admin lists (which carry `portal`) are refetched. */
export function useUpdatePortalMutation(applicationId: number, config?: MutationConfig<PortalDto, PortalUpdate>) {
  return useApiMutation(
    (json: PortalUpdate) => call(portalRoute.$put({ ...byId(applicationId), json })),
    (queryClient) => refreshAdminData(queryClient),
    config,
  );
}

/** POST /api/admin/applications/{id}/portal/receipt (multipart `receipt`): the portal's receipt. */
export function useUploadPortalReceiptMutation(applicationId: number, config?: MutationConfig<PortalDto, File>) {
  return useApiMutation(
    (receipt: File) => upload<PortalDto>(apiPath(receiptRoute.$path(byId(applicationId))), { receipt }),
    (queryClient) => refreshAdminData(queryClient),
    config,
  );
}

/** GET /api/admin/applications/{id}/portal/receipt: the receipt as a download link. */
export function portalReceiptUrl(applicationId: number): string {
  return apiPath(receiptRoute.$path(byId(applicationId)));
}
