import { ADMIN_TABS, type AdminTabId } from '../domain/admin-tabs.js';
import type { ApplicationStatus } from '../domain/status.js';
import type { Ports } from '../ports/index.js';
import { emptyTabCounts } from './admin-listing.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/**
 * The count shown on each admin tab, and beside it the tab's "Mine" and "Unassigned" counts
 * (docs/product.md §7.6): `mine[tab]` applications assigned to the actor, `unassigned[tab]` assigned
 * to nobody. online-entries counts the pseudo-entries too (not when overdue); they are never
 * assigned, so neither `mine` nor `unassigned` counts them.
 */
export type AdminTabCounts = Record<AdminTabId, number> & { mine: Record<AdminTabId, number>; unassigned: Record<AdminTabId, number> };

export function makeCountAdminTabs(ports: Pick<Ports, 'applications' | 'users' | 'clock'>) {
  return async function countAdminTabs(actor: Actor, query: { q?: string; overdue?: boolean } = {}): Promise<AdminTabCounts> {
    requirePermission(actor, 'applications.read');
    const now = ports.clock.now();
    const filter = { q: query.q, overdueAt: query.overdue ? now : undefined };
    const [byStatus, { mine: mineByStatus, assigned }] = await Promise.all([ports.applications.countByStatus(filter), ports.applications.countAssigned(actor.userId, filter)]);
    const pseudo = query.overdue ? 0 : (await ports.users.pageWithoutApplication({ q: query.q, offset: 0, limit: 0 })).total;
    const counts = emptyTabCounts();
    const mine = emptyTabCounts();
    const unassigned = emptyTabCounts();
    for (const tab of ADMIN_TABS) {
      for (const status of tab.statuses) {
        if (status === 'user_registered') {
          counts[tab.id] += pseudo;
          continue;
        }
        const s = status as ApplicationStatus;
        counts[tab.id] += byStatus[s] ?? 0;
        mine[tab.id] += mineByStatus[s] ?? 0;
        unassigned[tab.id] += (byStatus[s] ?? 0) - (assigned[s] ?? 0);
      }
    }
    return { ...counts, mine, unassigned };
  };
}
