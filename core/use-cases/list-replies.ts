import type { ApplicationReply } from '../domain/reply.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { loadOwned, requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** An application's replies, newest first: to its applicant, and to staff who may read applications. */
export function makeListReplies(ports: Pick<Ports, 'applications' | 'replies'>) {
  return async function listReplies(actor: Actor, applicationId: number): Promise<ApplicationReply[]> {
    if (actor.isAdmin) {
      requirePermission(actor, 'applications.read');
      if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    } else {
      await loadOwned(ports, actor, applicationId);
    }
    return ports.replies.listByApplication(applicationId);
  };
}
