import { errors } from '../domain/errors.js';
import type { Refund, RefundAwaitingApproval } from '../domain/refund.js';
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

/**
 * The queue of refunds waiting for a second member of staff (docs/product.md §4.7), oldest first,
 * for those who may approve them.
 */
export function makeListRefundsAwaitingApproval(ports: Pick<Ports, 'refunds'>) {
  return async function listRefundsAwaitingApproval(actor: Actor): Promise<RefundAwaitingApproval[]> {
    requirePermission(actor, 'refunds.manage');
    return ports.refunds.listAwaitingApproval();
  };
}
