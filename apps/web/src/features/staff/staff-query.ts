import { queryOptions } from '@tanstack/react-query';
import { api, apiPath, call } from '../../api/client.js';

// Apart from api.ts: the /admin/staff route's loader needs only this, and what a route's loader
// imports is in the landing page's bundle (its size budget); the mutations load with the page.
const staffRoute = api.admin.staff;

export const staffKey = [apiPath(staffRoute.$path())] as const;

/** GET /api/admin/staff. */
export const staffQuery = queryOptions({ queryKey: staffKey, queryFn: () => call(staffRoute.$get()) });
