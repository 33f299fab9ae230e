import type { RefundAwaitingApproval } from '../domain/refund.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

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
