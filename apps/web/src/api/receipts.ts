import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, call } from './client.js';
import { keys } from './keys.js';

/** A receipt or credit note as GET /api/applications/{id}/receipts lists it (docs/product.md, "Receipts"). */
export type ReceiptDto = InferResponseType<(typeof api.applications)[':id']['receipts']['$get'], 200>[number];

/**
 * An application's receipts. Read afresh whenever a list of them is shown (a payment or a refund
 * made elsewhere — a webhook, staff — adds one); refreshApplication marks them stale too.
 */
export const receiptsQuery = (id: number) =>
  queryOptions({
    queryKey: keys.receipts(id),
    queryFn: () => call(api.applications[':id'].receipts.$get({ param: { id: String(id) } })),
    staleTime: 0,
  });

/** Asked only for an application that has had a payment (`enabled`): nothing before. */
export function useReceiptsQuery(applicationId: number, enabled: boolean) {
  return useQuery({ ...receiptsQuery(applicationId), enabled });
}
