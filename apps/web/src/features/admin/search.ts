import { isAdminTabId, type AdminTabId } from '@core/domain/admin-tab-ids.js';

/** One page of a tab: small enough to render at once, paged on the server (100k applications). */
export const ADMIN_PAGE_SIZE = 25;

/** The admin dashboard's state in the address (/admin?tab=approved&q=smith&page=2&overdue=true). */
export interface AdminSearch {
  /** Not in the address: the dashboard opens on the work queue (GET /api/admin/work-queue names the tab). */
  tab?: AdminTabId;
  q: string;
  page: number;
  overdue: boolean;
  /** Mine (assigned to me) or Unassigned; undefined: everyone's. Kept by the page, not the address (the landing bundle's budget carries this file). */
  assignee?: 'me' | 'none';
  /** A family application's id: the list shows just its travellers. */
  group?: number;
}

/** Anything unexpected in the address falls back to the defaults instead of failing the page. */
export function parseAdminSearch(search: Record<string, unknown>): AdminSearch {
  const tab = typeof search.tab === 'string' && isAdminTabId(search.tab) ? search.tab : undefined;
  const q = typeof search.q === 'string' ? search.q.slice(0, 100) : '';
  const rawPage = typeof search.page === 'number' ? search.page : typeof search.page === 'string' ? Number(search.page) : 1;
  const page = Number.isSafeInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const overdue = search.overdue === true || search.overdue === 'true';
  const rawGroup = typeof search.group === 'number' ? search.group : typeof search.group === 'string' && /^\d+$/.test(search.group) ? Number(search.group) : NaN;
  return { ...(tab ? { tab } : {}), q, page, overdue, ...(Number.isSafeInteger(rawGroup) && rawGroup > 0 ? { group: rawGroup } : {}) };
}

/** Only what differs from the defaults, so links stay short; a chosen tab is always kept (/admin alone is the work queue). */
export function compactAdminSearch(search: AdminSearch): Partial<AdminSearch> {
  return {
    ...(search.tab ? { tab: search.tab } : {}),
    ...(search.q.trim() ? { q: search.q.trim() } : {}),
    ...(search.page > 1 ? { page: search.page } : {}),
    ...(search.overdue ? { overdue: true } : {}),
    ...(search.group ? { group: search.group } : {}),
  };
}
