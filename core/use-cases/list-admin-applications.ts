import type { Ports } from '../ports/index.js';
import { recordAudit } from './audit.js';
import { adminListUser, assigneeOf, portalOf, requirePermission, resolveAssignees, staffView } from './shared.js';
import type { Actor, AdminFullListEntry } from './types.js';

/**
 * GET /api/admin/applications: every application with its user (newest first), then the
 * pseudo-entries, as a stream the caller writes out element by element: both come from the stores'
 * keyset pages, so memory stays flat however many applications there are.
 */
export function makeListAdminApplications(ports: Pick<Ports, 'applications' | 'users' | 'assignments' | 'clock' | 'audit'>) {
  return async function listAdminApplications(actor: Actor): Promise<AsyncIterable<AdminFullListEntry>> {
    requirePermission(actor, 'applications.read');
    const now = ports.clock.now();
    // Every applicant's personal data at once: recorded before the first byte is sent.
    await recordAudit(ports, actor, { action: 'applications.listed', target: { type: 'applications', id: null }, detail: { list: 'full' } });
    async function* entries(): AsyncGenerator<AdminFullListEntry> {
      // Staff are few: each assignee's name is read once for the whole stream.
      const assignees = new Map();
      for await (const { application, user, portal } of ports.applications.streamAllWithUsers()) {
        await resolveAssignees(ports, [application], assignees);
        yield Object.assign(staffView(application, now), { user: adminListUser(user), assignee: assigneeOf(application, assignees), portal: portalOf(application, portal) });
      }
      for await (const user of ports.users.streamWithoutApplication()) {
        yield { id: null, userId: user.id, status: 'user_registered', user: adminListUser(user), assignee: null, portal: null };
      }
    }
    return entries();
  };
}
