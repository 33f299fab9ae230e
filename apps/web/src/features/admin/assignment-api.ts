import { useQuery, queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, apiPath, call } from '../../api/client.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';
import { byId, refreshAdminData } from '../../api/admin.js';
import { assigneesQuery, type AssignableStaffDto } from '../../api/staff.js';

export { assigneesQuery, type AssignableStaffDto };

/** Assignment's API (kept out of api.ts, which the route's loader puts in the landing bundle). */
const adminApplications = api.admin.applications;

/** GET /api/admin/applications/{id}/assignments: who was given the application, by whom and when (oldest first). */
export const adminAssignmentsQuery = (applicationId: number) =>
  queryOptions({
    queryKey: [apiPath(adminApplications[':id'].assignments.$path(byId(applicationId)))] as const,
    queryFn: () => call(adminApplications[':id'].assignments.$get(byId(applicationId))),
  });

export function useAdminAssignmentsQuery(applicationId: number) {
  return useQuery(adminAssignmentsQuery(applicationId));
}

export function useAssigneesQuery(enabled = true) {
  return useQuery({ ...assigneesQuery, enabled });
}

type AssigneeChange = InferRequestType<(typeof adminApplications)[':id']['assignee']['$put']>['json'];
type AssigneeChanged = InferResponseType<(typeof adminApplications)[':id']['assignee']['$put'], 200>;

/** PUT /api/admin/applications/{id}/assignee { userId | null }: assigns the application (null: to nobody). */
export function useAssignMutation(applicationId: number, config?: MutationConfig<AssigneeChanged, AssigneeChange>) {
  return useApiMutation(
    (json: AssigneeChange) => call(adminApplications[':id'].assignee.$put({ ...byId(applicationId), json })),
    (queryClient) => refreshAdminData(queryClient, applicationId),
    config,
  );
}

/** The same for any application of the list (the `a` key assigns the selected one to me). */
export function useAssignAnyMutation(config?: MutationConfig<AssigneeChanged, { applicationId: number } & AssigneeChange>) {
  return useApiMutation(
    ({ applicationId, ...json }: { applicationId: number } & AssigneeChange) => call(adminApplications[':id'].assignee.$put({ ...byId(applicationId), json })),
    (queryClient, _data, variables) => refreshAdminData(queryClient, variables.applicationId),
    config,
  );
}
