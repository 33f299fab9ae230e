import { errors } from '../domain/errors.js';
import { adminEntry, resolveAssignees, requirePermission, requireUser } from './shared.js';
import type { Actor, AdminListEntry } from './types.js';
import type { GroupPorts } from './application-group-members.js';

/** Staff's filter by family application: its travellers' entries, in id order (admins only). */
export function makeListGroupForAdmin(ports: GroupPorts) {
  return async function listGroupForAdmin(actor: Actor, groupId: number): Promise<AdminListEntry[]> {
    requirePermission(actor, 'applications.read');
    const group = await ports.groups.findById(groupId);
    if (!group) throw errors.notFound('Family application');
    const members = await ports.groups.listApplications(groupId);
    const user = await requireUser(ports, group.userId);
    const now = ports.clock.now();
    const assignees = await resolveAssignees(ports, members);
    return members.map((application) => adminEntry(application, user, now, assignees));
  };
}
