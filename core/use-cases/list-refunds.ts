import { errors } from '../domain/errors.js';
import type { Refund } from '../domain/refund.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** Staff: an application's refunds, oldest first, with who asked for and approved each (docs/product.md §4.7). */
export function makeListRefunds(ports: Pick<Ports, 'applications' | 'refunds'>) {
  return async function listRefunds(actor: Actor, applicationId: number): Promise<Refund[]> {
    requirePermission(actor, 'applications.read');
    if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    return ports.refunds.listByApplication(applicationId);
  };
}
