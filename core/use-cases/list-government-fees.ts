import { governmentFeeOn, type GovernmentFee } from '../domain/portal-ledger.js';
import { londonDateOf } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** The government fee configuration, oldest first, and the entry in effect today (London). */
export function makeListGovernmentFees(ports: Pick<Ports, 'applications' | 'portal' | 'governmentFees' | 'files' | 'ids' | 'clock' | 'audit'>) {
  return async function listGovernmentFees(actor: Actor): Promise<{ fees: GovernmentFee[]; current: GovernmentFee | null }> {
    requirePermission(actor, 'applications.read');
    const fees = await ports.governmentFees.list();
    return { fees, current: governmentFeeOn(fees, londonDateOf(ports.clock.now())) };
  };
}
