import type { StatusHistoryEntry } from '../domain/status-history.js';
import type { Ports } from '../ports/index.js';
import { loadVisible, requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** Who moved the application between statuses, when, with what message (admins; oldest first). */
export function makeStatusHistory(ports: Pick<Ports, 'applications' | 'history'>) {
  return async function statusHistory(actor: Actor, applicationId: number): Promise<StatusHistoryEntry[]> {
    requirePermission(actor, 'applications.read');
    await loadVisible(ports, actor, applicationId);
    return ports.history.listByApplication(applicationId);
  };
}
