import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, call } from './client.js';
import { keys } from './keys.js';

/**
 * The applicant's applications and their documents: read by the dashboard, the payment, address
 * and re-upload pages and the admin panel, so they live here rather than in one feature.
 */
export type ApplicationDto = InferResponseType<(typeof api.applications)[':id']['$get'], 200>;
export type DocumentDto = InferResponseType<(typeof api.applications)[':id']['documents']['$get'], 200>[number];

export const byId = (id: number) => ({ param: { id: String(id) } });

/** The applicant's applications (default options; the dashboard and payment page override). */
export const applicationsQuery = queryOptions({
  queryKey: keys.applications,
  queryFn: () => call(api.applications.$get()),
});

export const applicationQuery = (id: number) => queryOptions({ queryKey: keys.application(id), queryFn: () => call(api.applications[':id'].$get(byId(id))) });

/** A failure gives an empty list for that application (docs/product.md §7.8). */
export const documentsQuery = (id: number) =>
  queryOptions({
    queryKey: keys.documents(id),
    queryFn: async (): Promise<DocumentDto[]> => {
      try {
        return await call(api.applications[':id'].documents.$get(byId(id)));
      } catch {
        return [];
      }
    },
  });

export function useApplicationsQuery() {
  return useQuery(applicationsQuery);
}

/** One application; nothing is asked without an id (the page says the link is invalid). */
export function useApplicationQuery(id: number | undefined) {
  return useQuery({ ...applicationQuery(id ?? 0), enabled: Boolean(id) });
}

export function useDocumentsQuery(applicationId: number) {
  return useQuery(documentsQuery(applicationId));
}

/** After an application changed: the list, the application, its documents and receipts are refetched. */
export function refreshApplication(queryClient: QueryClient, applicationId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.applications }),
    queryClient.invalidateQueries({ queryKey: keys.application(applicationId) }),
    queryClient.invalidateQueries({ queryKey: keys.documents(applicationId) }),
    queryClient.invalidateQueries({ queryKey: keys.receipts(applicationId) }),
  ]);
}
