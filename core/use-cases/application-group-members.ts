import type { Application } from '../domain/application.js';
import { errors } from '../domain/errors.js';
import type { ApplicationGroup } from '../ports/application-group-repository.js';
import type { Ports } from '../ports/index.js';
import type { Actor } from './types.js';

export interface CreatedGroup {
  groupId: number;
  applications: { id: number; applicationNumber: string }[];
}

export type GroupPorts = Pick<
  Ports,
  'groups' | 'applications' | 'assignments' | 'payments' | 'users' | 'outbox' | 'gateway' | 'analytics' | 'drafts' | 'ids' | 'clock' | 'settings' | 'phoneNumbers' | 'textWriter' | 'egyptRules'
>;

/** The group if `actor` made it. Others get "not found"; admins who did not make it are refused. */
export async function loadOwnGroup(ports: Pick<Ports, 'groups'>, actor: Actor, groupId: number): Promise<ApplicationGroup> {
  const group = await ports.groups.findById(groupId);
  if (!group || (!actor.isAdmin && group.userId !== actor.userId)) throw errors.notFound('Family application');
  if (group.userId !== actor.userId) throw errors.forbidden('Only the applicant can do this.');
  return group;
}

export async function membersOf(ports: Pick<Ports, 'groups'>, groupId: number): Promise<Application[]> {
  const members = await ports.groups.listApplications(groupId);
  if (members.length === 0) throw errors.notFound('Family application');
  return members;
}
