import type { Receipt } from '../domain/receipt.js';
import type { Ports } from '../ports/index.js';
import { loadVisible } from './shared.js';
import type { Actor } from './types.js';

/**
 * The receipts and credit notes of an application, oldest first, for its owner or staff; anyone
 * else gets NotFound (docs/product.md, "Receipts").
 */
export function makeListReceipts(ports: Pick<Ports, 'applications' | 'receipts'>) {
  return async function listReceipts(actor: Actor, applicationId: number): Promise<Receipt[]> {
    const application = await loadVisible(ports, actor, applicationId);
    return ports.receipts.listForApplication(application);
  };
}
