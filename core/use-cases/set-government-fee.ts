import { type GovernmentFee } from '../domain/portal-ledger.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { governmentFeeSchema, type GovernmentFeeInput } from '../schemas/portal.js';
import { auditEntry } from './audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';
import { writerId } from './portal-ledger-steps.js';

/**
 * Sets the fee from a date on (a past date corrects the configuration; the same date replaces its
 * entry). Fees already written to the ledger keep the pence they were booked at.
 */
export function makeSetGovernmentFee(ports: Pick<Ports, 'applications' | 'portal' | 'governmentFees' | 'files' | 'ids' | 'clock' | 'audit'>) {
  return async function setGovernmentFee(actor: Actor, input: GovernmentFeeInput): Promise<{ fee: GovernmentFee; previous: GovernmentFee | null }> {
    requirePermission(actor, 'payments.manage');
    const checked = parseInput(governmentFeeSchema, input);
    const fee: GovernmentFee = { ...checked, createdAt: ports.clock.now(), createdBy: writerId(actor) };
    const shown = (f: GovernmentFee) => ({ effectiveFrom: f.effectiveFrom, amountCents: f.amountCents, pence: f.pence });
    // Written with the entry, from the one it replaces as read in that transaction (decision 0010).
    const previous = await ports.governmentFees.set(fee, (replaced) => [
      auditEntry(ports, actor, { action: 'government_fee.set', target: { type: 'government_fee', id: fee.effectiveFrom }, before: replaced ? shown(replaced) : undefined, after: shown(fee) }),
    ]);
    return { fee, previous };
  };
}
