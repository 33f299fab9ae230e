import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, apiPath, call, upload } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';
import { byId, refreshAdminData, type AdminApplicationDto, type PaymentIssueDto } from '../../api/admin.js';
import type { AdminSearch } from './search.js';
import { adminCountsQuery, adminPageQuery } from './list-queries.js';

export { adminCountsQuery, adminPageQuery };
export type * from '../../api/admin.js';
export { byId, refreshAdminData };

const adminApplications = api.admin.applications;
type StatusChange = InferRequestType<(typeof adminApplications)[':id']['status']['$put']>['json'];
const byGroup = (groupId: number) => ({ param: { groupId: String(groupId) } });

/** GET /api/admin/application-groups/{groupId}: the family application's travellers, as list entries. */
export const adminGroupQuery = (groupId: number) => queryOptions({ queryKey: keys.adminGroup(groupId), queryFn: () => call(api.admin['application-groups'][':groupId'].$get(byGroup(groupId))) });

/**
 * GET /api/admin/applications/{id}: one application as its list entry. The side panel reads it when
 * the open application is not on the list's page any more (a change moved it to another tab).
 * Its key starts with the admin prefix, so every change refreshes it with the lists.
 */
export const adminEntryQuery = (applicationId: number) =>
  queryOptions({ queryKey: [apiPath(adminApplications[':id'].$path(byId(applicationId)))] as const, queryFn: () => call(adminApplications[':id'].$get(byId(applicationId))) });

export function useAdminEntryQuery(applicationId: number | null) {
  return useQuery({ ...adminEntryQuery(applicationId ?? 0), enabled: applicationId !== null });
}

export const adminHistoryQuery = (applicationId: number) =>
  queryOptions({ queryKey: keys.adminHistory(applicationId), queryFn: () => call(adminApplications[':id'].history.$get(byId(applicationId))) });

/**
 * Payments taken but not recorded. Asking means asking the payment provider about 30 days of
 * payments: once each time the dashboard opens, never on window focus.
 */
export const paymentIssuesQuery = queryOptions({
  queryKey: keys.paymentIssues,
  queryFn: () => call(api.admin['payment-issues'].$get()),
  staleTime: 0,
  refetchOnWindowFocus: false,
});

/** The open tab's page (none until the tab is known); while the next page loads, the previous one stays on screen. */
export function useAdminPageQuery(search: AdminSearch) {
  return useQuery({ ...adminPageQuery({ ...search, tab: search.tab ?? 'initial-payment' }), placeholderData: keepPreviousData, enabled: search.tab !== undefined });
}

/**
 * GET /api/admin/work-queue: the tab /admin opens on when its address names none, the work tab
 * holding the earliest guarantee deadline (docs/product.md §2.14). Asked each time the dashboard
 * opens without a tab (not prefetched by the route: its loader is in the landing page's bundle).
 */
export const workQueueQuery = queryOptions({
  queryKey: [apiPath(api.admin['work-queue'].$path())] as const,
  queryFn: () => call(api.admin['work-queue'].$get()),
  staleTime: 0,
});

export function useWorkQueueQuery(enabled: boolean) {
  return useQuery({ ...workQueueQuery, enabled });
}

export function useAdminCountsQuery(search: Pick<AdminSearch, 'q' | 'overdue'>) {
  return useQuery(adminCountsQuery(search));
}

export function useAdminGroupQuery(groupId: number) {
  return useQuery(adminGroupQuery(groupId));
}

export function useAdminHistoryQuery(applicationId: number) {
  return useQuery(adminHistoryQuery(applicationId));
}

export function usePaymentIssuesQuery() {
  return useQuery(paymentIssuesQuery);
}

/** PUT /api/admin/applications/{id}/status: the status, and with an information request its message and re-upload flag. */
export function useChangeStatusMutation(applicationId: number, config?: MutationConfig<AdminApplicationDto, StatusChange>) {
  return useApiMutation(
    (json: StatusChange) => call(adminApplications[':id'].status.$put({ ...byId(applicationId), json })),
    (queryClient) => refreshAdminData(queryClient, applicationId),
    config,
  );
}

const visaUploadRoute = adminApplications[':id']['visa-upload'];
type VisaUploadForm = InferRequestType<typeof visaUploadRoute.$post>['form'];
type VisaDocument = InferResponseType<typeof visaUploadRoute.$post, 201>;

/** POST /api/admin/applications/{id}/visa-upload (multipart `visa`): attaches or replaces the e-visa. */
export function useUploadVisaMutation(applicationId: number, config?: MutationConfig<VisaDocument, File>) {
  return useApiMutation(
    (visa: File) => {
      const form: VisaUploadForm = { visa };
      return upload<VisaDocument>(apiPath(visaUploadRoute.$path(byId(applicationId))), form);
    },
    (queryClient) => refreshAdminData(queryClient, applicationId),
    config,
  );
}

type EvisaSent = InferResponseType<(typeof adminApplications)[':id']['send-evisa']['$post'], 200>;

/** POST /api/admin/applications/{id}/send-evisa: emails the visa document to the applicant. */
export function useSendEvisaMutation(applicationId: number, config?: MutationConfig<EvisaSent, void>) {
  return useApiMutation(
    () => call(adminApplications[':id']['send-evisa'].$post(byId(applicationId))),
    (queryClient) => refreshAdminData(queryClient, applicationId),
    config,
  );
}

export type ReminderKind = 'payment' | 'application';
type RemindersSent = InferResponseType<(typeof api.admin)['send-payment-reminders']['$post'], 200>;

/** POST /api/admin/send-payment-reminders or send-application-reminders (the reminder dates show in the lists). */
export function useSendRemindersMutation(config?: MutationConfig<RemindersSent, ReminderKind>) {
  return useApiMutation(
    (kind: ReminderKind) => call(kind === 'payment' ? api.admin['send-payment-reminders'].$post() : api.admin['send-application-reminders'].$post()),
    (queryClient) => refreshAdminData(queryClient),
    config,
  );
}

type PaymentRecorded = InferResponseType<(typeof api.admin)['payment-issues'][':paymentIntentId']['record']['$post'], 200>;

/** POST /api/admin/payment-issues/{paymentIntentId}/record: records a taken payment on its application. */
export function useRecordPaymentMutation(issue: Pick<PaymentIssueDto, 'paymentIntentId' | 'applicationId'>, config?: MutationConfig<PaymentRecorded, void>) {
  return useApiMutation(
    () => call(api.admin['payment-issues'][':paymentIntentId'].record.$post({ param: { paymentIntentId: encodeURIComponent(issue.paymentIntentId) } })),
    (queryClient) => Promise.all([queryClient.invalidateQueries({ queryKey: keys.paymentIssues }), refreshAdminData(queryClient, issue.applicationId ?? undefined)]),
    config,
  );
}

/** GET /api/admin/documents/{id}/portal-copy: the passport copy as the official portal takes it (a download link). */
export function portalCopyUrl(documentId: number): string {
  return apiPath(api.admin.documents[':id']['portal-copy'].$path({ param: { id: String(documentId) } }));
}
