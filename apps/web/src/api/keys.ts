import type { InferRequestType } from 'hono/client';
import { api, apiPath } from './client.js';

type AdminListQuery = NonNullable<InferRequestType<typeof api.admin.applications.$get>['query']>;
type AdminCountsQuery = NonNullable<InferRequestType<typeof api.admin.applications.counts.$get>['query']>;

const byId = (id: number) => ({ param: { id: String(id) } });
const byGroup = (groupId: number | '') => ({ param: { groupId: String(groupId) } });

/**
 * Query keys. A key is the API path it GETs (docs/product.md §7.8: the default query is a GET of its key), taken
 * from the typed client so that it always names a route the server has.
 */
export const keys = {
  user: [apiPath(api.user.$path())] as const,
  config: [apiPath(api.config.$path())] as const,
  applications: [apiPath(api.applications.$path())] as const,
  applicationDraft: [apiPath(api['application-draft'].$path())] as const,
  application: (id: number) => [apiPath(api.applications[':id'].$path(byId(id)))] as const,
  documents: (id: number) => [apiPath(api.applications[':id'].documents.$path(byId(id)))] as const,
  receipts: (id: number) => [apiPath(api.applications[':id'].receipts.$path(byId(id)))] as const,
  /** Every admin listing and count starts with this path: invalidating it refreshes them all. */
  adminPrefix: apiPath(api.admin.applications.$path()),
  adminPage: (query: AdminListQuery) => [apiPath(api.admin.applications.$path({ query }))] as const,
  adminCounts: (query: AdminCountsQuery) => [apiPath(api.admin.applications.counts.$path({ query }))] as const,
  adminHistory: (id: number) => [apiPath(api.admin.applications[':id'].history.$path(byId(id)))] as const,
  /**
   * Every family application's list of travellers starts with this path (it is not under
   * adminPrefix): the group route's path with its id left empty, '/api/admin/application-groups'.
   */
  adminGroupPrefix: apiPath(api.admin['application-groups'][':groupId'].$path(byGroup(''))),
  adminGroup: (groupId: number) => [apiPath(api.admin['application-groups'][':groupId'].$path(byGroup(groupId)))] as const,
  paymentIssues: [apiPath(api.admin['payment-issues'].$path())] as const,
  /** The application this browser's tracking cookie opens (docs/product.md §16.1). */
  trackedApplication: [apiPath(api.track.application.$path())] as const,
};
