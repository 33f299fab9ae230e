import type { AdminTabId } from '../domain/admin-tabs.js';
import type { AssigneeFilter } from '../schemas/admin.js';
import type { Ports } from '../ports/index.js';
import { tabListsPseudoEntries } from './admin-listing.js';
import { adminEntry, requirePermission, resolveAssignees } from './shared.js';
import type { Actor, AdminListEntry } from './types.js';

/**
 * The paged admin list. Applications come first, then the pseudo-entries of users
 * without an application (newest first) when the tab lists them (online-entries, or no tab): the
 * pages run on from the applications into the pseudo-entries and `total` counts both. Pseudo-entries
 * are never overdue nor assigned, so `overdue` and `assignee` list applications only. `q` is a
 * case-insensitive prefix match. Applications come in the admin order (rules.ts adminOrder).
 */
export function makeSearchAdminApplications(ports: Pick<Ports, 'applications' | 'users' | 'assignments' | 'clock'>) {
  return async function searchAdminApplications(
    actor: Actor,
    query: { tab?: AdminTabId; q?: string; overdue?: boolean; assignee?: AssigneeFilter; page: number; pageSize: number },
  ): Promise<{ items: AdminListEntry[]; total: number; page: number; pageSize: number }> {
    requirePermission(actor, 'applications.read');
    const now = ports.clock.now();
    const page = Math.max(1, Math.floor(query.page));
    const pageSize = Math.min(500, Math.max(1, Math.floor(query.pageSize)));
    const result = await ports.applications.listForAdmin({
      tab: query.tab,
      q: query.q,
      overdueAt: query.overdue ? now : undefined,
      assigneeId: query.assignee === 'me' ? actor.userId : query.assignee === 'none' ? null : undefined,
      page,
      pageSize,
    });
    const assignees = await resolveAssignees(
      ports,
      result.items.map((i) => i.application),
    );
    const items = result.items.map(({ application, user, portal }) => adminEntry(application, user, now, assignees, portal));
    let total = result.total;

    // Pseudo-entries are no applications: never overdue, never assigned.
    if (!query.overdue && !query.assignee && tabListsPseudoEntries(query.tab)) {
      // The room left on this page (none when the applications fill it: then only the total is asked).
      const room = Math.max(0, pageSize - items.length);
      const start = Math.max(0, (page - 1) * pageSize - result.total);
      const pseudo = await ports.users.pageWithoutApplication({ q: query.q, offset: start, limit: room });
      total += pseudo.total;
      for (const user of pseudo.items) items.push(adminEntry(null, user, now));
    }
    return { items, total, page, pageSize };
  };
}
