/**
 * What every admin feature shares: the admin list's types (an application as staff see it) and the
 * refresh after a change. The side panel's sections (portal, refunds, cancellation, replies…) read
 * them from here, never from the admin feature (eslint.config.js: features do not import each other).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from './client.js';
import { keys } from './keys.js';

const adminApplications = api.admin.applications;
type AdminListBody = InferResponseType<typeof adminApplications.$get, 200>;
/** One page of a tab (GET /api/admin/applications with ?tab=&q=&page=&pageSize=&overdue=). */
export type AdminPageDto = Exclude<AdminListBody, unknown[]>;
export type AdminEntryDto = AdminPageDto['items'][number];
/** A real application of the admin list, with its user attached to its entry. */
export type AdminApplicationDto = NonNullable<AdminEntryDto['application']>;
export type PaymentIssuesDto = InferResponseType<(typeof api.admin)['payment-issues']['$get'], 200>;
export type PaymentIssueDto = PaymentIssuesDto['issues'][number];

export const byId = (id: number) => ({ param: { id: String(id) } });

export type AssigneeDto = AdminEntryDto['assignee'];
export type AdminCountsDto = InferResponseType<typeof adminApplications.counts.$get, 200>;

/**
 * After a change: every admin list (a family application's too), count, history and refunds, and the
 * application's documents and receipts (a refund or a cancellation issues a credit note).
 */
export function refreshAdminData(queryClient: QueryClient, applicationId?: number): Promise<unknown> {
  const adminPrefixes = [keys.adminPrefix, keys.adminGroupPrefix];
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (q) => adminPrefixes.some((prefix) => String(q.queryKey[0]).startsWith(prefix)) }),
    applicationId === undefined ? undefined : queryClient.invalidateQueries({ queryKey: keys.documents(applicationId) }),
    applicationId === undefined ? undefined : queryClient.invalidateQueries({ queryKey: keys.receipts(applicationId) }),
  ]);
}
