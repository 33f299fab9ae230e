import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiPath, call } from './client.js';

// The staff lists the admin features share (the staff page, the audit log's filter, the side panel's
// "Reassign to"). Apart from features/staff/api.ts: the /admin/staff route's loader needs only this,
// and what a route's loader imports is in the landing page's bundle (its size budget); the mutations
// load with the page.
const staffRoute = api.admin.staff;

export const staffKey = [apiPath(staffRoute.$path())] as const;

/** GET /api/admin/staff. */
export const staffQuery = queryOptions({ queryKey: staffKey, queryFn: () => call(staffRoute.$get()) });

const assigneesRoute = api.admin.assignees;
/** A colleague an application can be given to (GET /api/admin/assignees): id, name and role. */
export type AssignableStaffDto = InferResponseType<typeof assigneesRoute.$get, 200>[number];

/**
 * GET /api/admin/assignees: the active staff an application can be assigned to ("Reassign to"), for
 * anyone who may assign. A failure is the query's error: the panel says so beside the choice.
 */
export const assigneesQuery = queryOptions({
  queryKey: [apiPath(assigneesRoute.$path())] as const,
  queryFn: () => call(assigneesRoute.$get()),
  staleTime: 60_000,
  retry: false,
});
