import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { addCalendarDays, londonMidnight } from '@core/domain/working-days.js';
import { api, apiPath, call } from '../../api/client.js';
import type { AuditSearch } from './search.js';

const trailRoute = api.admin.applications[':id'].audit;
const logRoute = api.admin.audit;
export type AuditEntryDto = InferResponseType<typeof trailRoute.$get, 200>[number];
export type AuditPageDto = InferResponseType<typeof logRoute.$get, 200>;
export type AuditVerdictDto = InferResponseType<typeof logRoute.verification.$get, 200>;
type AuditLogQuery = NonNullable<InferRequestType<typeof logRoute.$get>['query']>;

const byId = (id: number) => ({ param: { id: String(id) } });
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const applicationAuditQuery = (applicationId: number) =>
  queryOptions({ queryKey: [apiPath(trailRoute.$path(byId(applicationId)))] as const, queryFn: () => call(trailRoute.$get(byId(applicationId))) });

/** GET /api/admin/applications/{id}/audit: the application's audit trail, newest first. */
export function useApplicationAuditQuery(applicationId: number) {
  return useQuery(applicationAuditQuery(applicationId));
}

/**
 * The screen's filters as the API takes them. Days are London days (what staff mean by "1
 * November"): from its first instant in London to the last of `to`.
 */
export function auditLogQuery(search: AuditSearch): AuditLogQuery {
  const query: AuditLogQuery = {};
  const day = (value: string | undefined) => (value && DAY.test(value) ? value : undefined);
  const from = day(search.from);
  const to = day(search.to);
  if (search.actorId) query.actorId = String(search.actorId);
  if (search.action) query.action = search.action as AuditLogQuery['action'];
  if (search.applicationNumber) query.applicationNumber = search.applicationNumber;
  if (from) query.from = londonMidnight(from).toISOString();
  if (to) query.to = new Date(londonMidnight(addCalendarDays(to, 1)).getTime() - 1).toISOString();
  if (search.page && search.page > 1) query.page = String(search.page);
  return query;
}

/** GET /api/admin/audit with the screen's filters: one page of 50, newest first. */
export function useAuditLogQuery(search: AuditSearch) {
  const query = auditLogQuery(search);
  return useQuery({
    queryKey: [apiPath(logRoute.$path({ query }))] as const,
    queryFn: () => call(logRoute.$get({ query })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/admin/audit/verification: the chain walked now; only once asked (it reads the whole log). */
export function useAuditVerificationQuery(asked: boolean) {
  return useQuery({
    queryKey: [apiPath(logRoute.verification.$path())] as const,
    queryFn: () => call(logRoute.verification.$get()),
    enabled: asked,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
