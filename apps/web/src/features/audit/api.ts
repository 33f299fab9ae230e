import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiPath, call } from '../../api/client.js';

const trailRoute = api.admin.applications[':id'].audit;
export type AuditEntryDto = InferResponseType<typeof trailRoute.$get, 200>[number];

const byId = (id: number) => ({ param: { id: String(id) } });

export const applicationAuditQuery = (applicationId: number) =>
  queryOptions({ queryKey: [apiPath(trailRoute.$path(byId(applicationId)))] as const, queryFn: () => call(trailRoute.$get(byId(applicationId))) });

/** GET /api/admin/applications/{id}/audit: the application's audit trail, newest first. */
export function useApplicationAuditQuery(applicationId: number) {
  return useQuery(applicationAuditQuery(applicationId));
}
