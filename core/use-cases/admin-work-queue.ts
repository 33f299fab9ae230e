import { WORK_QUEUE_TABS, workQueueTab, type WorkQueueHead } from '../domain/admin-tabs.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/**
 * The work tab holding the earliest guarantee deadline: each work tab's first application in the
 * list's own order (earliest deadline first), one indexed read per tab.
 */
export function makeAdminWorkQueue(ports: Pick<Ports, 'applications'>) {
  return async function adminWorkQueue(actor: Actor): Promise<WorkQueueHead> {
    requirePermission(actor, 'applications.read');
    const heads = await Promise.all(
      WORK_QUEUE_TABS.map(async (tab) => {
        const { items } = await ports.applications.listForAdmin({ tab, page: 1, pageSize: 1 });
        return { tab, deadline: items[0]?.application.guaranteeDeadline ?? null };
      }),
    );
    return workQueueTab(heads);
  };
}
