import type { AuditEntry } from '../domain/audit.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** The newest rows of one application's trail shown on its admin row. */
export const APPLICATION_TRAIL_LIMIT = 200;

/** Staff who may read applications: one application's trail, newest first. */
export function makeListApplicationAudit(ports: Pick<Ports, 'audit' | 'applications'>) {
  return async function listApplicationAudit(actor: Actor, applicationId: number): Promise<AuditEntry[]> {
    requirePermission(actor, 'applications.read');
    if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    return ports.audit.list({ applicationId, limit: APPLICATION_TRAIL_LIMIT });
  };
}
