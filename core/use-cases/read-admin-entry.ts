import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { adminEntry, requirePermission, requireUser, resolveAssignees } from './shared.js';
import type { Actor, AdminListEntry } from './types.js';

/** The application as an entry of the admin list: its user, assignee and portal ledger attached. */
export function makeReadAdminEntry(ports: Pick<Ports, 'applications' | 'users' | 'assignments' | 'portal' | 'clock'>) {
  return async function readAdminEntry(actor: Actor, applicationId: number): Promise<AdminListEntry> {
    requirePermission(actor, 'applications.read');
    const application = await ports.applications.findById(applicationId);
    if (!application) throw errors.notFound('Application');
    const [user, assignees, portal] = await Promise.all([requireUser(ports, application.userId), resolveAssignees(ports, [application]), ports.portal.find(applicationId)]);
    return adminEntry(application, user, ports.clock.now(), assignees, portal);
  };
}
