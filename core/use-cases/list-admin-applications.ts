import type { Ports } from '../ports/index.js';
import { pseudoEntryUsers } from './admin-listing.js';
import { adminEntry, requireAdmin } from './shared.js';
import type { Actor, AdminListEntry } from './use-cases.js';

/** GET /api/admin/applications: every application with its user (newest first), then the pseudo-entries. */
export function makeListAdminApplications(ports: Pick<Ports, 'applications' | 'users' | 'clock'>) {
  return async function listAdminApplications(actor: Actor): Promise<AdminListEntry[]> {
    requireAdmin(actor);
    const now = ports.clock.now();
    const applications = await ports.applications.listAllWithUsers();
    const pseudo = await pseudoEntryUsers(ports);
    return [
      ...applications.map(({ application, user }) => adminEntry(application, user, now)),
      ...pseudo.map((user) => adminEntry(null, user, now)),
    ];
  };
}
