import { ADMIN_TABS, type AdminTabId } from '../domain/admin-tabs.js';
import type { ApplicationStatus } from '../domain/status.js';
import type { Ports } from '../ports/index.js';
import { emptyTabCounts } from './admin-listing.js';
import { requirePermission } from './shared.js';
import type { Actor } from './use-cases.js';

/** The count shown on each admin tab; online-entries counts the pseudo-entries too (not when overdue). */
export function makeCountAdminTabs(ports: Pick<Ports, 'applications' | 'users' | 'clock'>) {
  return async function countAdminTabs(actor: Actor, query: { q?: string; overdue?: boolean } = {}): Promise<Record<AdminTabId, number>> {
    requirePermission(actor, 'applications.read');
    const now = ports.clock.now();
    const byStatus = await ports.applications.countByStatus({ q: query.q, overdueAt: query.overdue ? now : undefined });
    const pseudo = query.overdue ? 0 : (await ports.users.pageWithoutApplication({ q: query.q, offset: 0, limit: 0 })).total;
    const counts = emptyTabCounts();
    for (const tab of ADMIN_TABS) {
      for (const status of tab.statuses) {
        counts[tab.id] += status === 'user_registered' ? pseudo : (byStatus[status as ApplicationStatus] ?? 0);
      }
    }
    return counts;
  };
}
