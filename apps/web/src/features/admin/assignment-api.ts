import { useQuery, queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, apiPath, call } from '../../api/client.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';
import { byId, refreshAdminData } from './api.js';

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

/** A member of staff as GET /api/admin/staff lists them (issue 24's staff management). */
export interface StaffMemberDto {
  id: number;
  fullName: string;
  role: string;
  active: boolean;
}

/**
 * GET /api/admin/staff, when the server has it: the colleagues an application can be given to.
 * Without it (or without the right to read it) the panel offers "Assign to me" and "Unassign" only.
 */
export function useStaffQuery() {
  return useQuery({
    queryKey: ['/api/admin/staff'] as const,
    queryFn: async (): Promise<StaffMemberDto[] | null> => {
      const res = await fetch(apiPath('/api/admin/staff'), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      if (!res.ok) return null;
      const body = (await res.json()) as unknown;
      return Array.isArray(body) ? (body as StaffMemberDto[]) : null;
    },
    staleTime: 60_000,
    retry: false,
  });
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
