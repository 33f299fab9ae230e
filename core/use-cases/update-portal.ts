import { errors } from '../domain/errors.js';
import {
  checkPortalLedger,
  feeShield,
  governmentFeeOn,
  NO_FEE_SHIELD,
  type FeeShield,
  governmentFeePence,
  portalView,
  type PortalLedgerInput,
  type PortalLedgerView,
} from '../domain/portal-ledger.js';
import { unwrap } from '../domain/result.js';
import { londonDateOf } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';
import type { PortalLedgerWrite } from '../ports/portal-ledger-repository.js';
import { auditEntry } from './audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';
import { changedFields, ledgerOf, PORTAL_STALE_MESSAGE, requireApplication, writerId } from './portal-ledger-steps.js';

/**
 * Staff with 'portal.manage' record the official portal's reference, the submission's state and the
 * government fee paid (its GBP cost booked from the fee configuration in effect on the day it was
 * paid, with the shield against a rise since the traveller paid us): a compare-and-set on the row's
 * version, its audit row written with it.
 */
export function makeUpdatePortal(ports: Pick<Ports, 'applications' | 'portal' | 'governmentFees' | 'files' | 'ids' | 'clock' | 'audit'>) {
  return async function updatePortal(actor: Actor, applicationId: number, input: PortalLedgerInput): Promise<PortalLedgerView> {
    requirePermission(actor, 'portal.manage');
    const now = ports.clock.now();
    const checked = unwrap(checkPortalLedger(input, now));
    const application = await requireApplication(ports, applicationId);
    const current = await ledgerOf(ports, applicationId);
    let pence: number | null = null;
    let shield: FeeShield = { ...NO_FEE_SHIELD };
    if (checked.governmentFeeCents !== null && checked.paidAt !== null) {
      const fees = await ports.governmentFees.list();
      pence = governmentFeePence(checked.governmentFeeCents, governmentFeeOn(fees, londonDateOf(checked.paidAt)));
      // The shield: a rise of Egypt's fee since the traveller paid us is the agency's cost.
      shield = feeShield(fees, application.initialPaymentAt, checked.paidAt, checked.governmentFeeCents);
    }
    const row: PortalLedgerWrite = { ...checked, governmentFeePence: pence, ...shield, receipt: current.receipt, updatedAt: now, updatedBy: writerId(actor) };
    // The row as it will be stored, for the audit row written with it (decision 0010).
    const written = portalView({ ...row, applicationId, version: current.version + 1 });
    const audit = auditEntry(ports, actor, { action: 'application.portal_updated', target: { type: 'application', id: applicationId }, applicationId, ...changedFields(portalView(current), written) });
    const saved = await ports.portal.save(applicationId, row, current.version, [audit]);
    if (saved === 'stale') throw errors.conflict(PORTAL_STALE_MESSAGE);
    return portalView(saved);
  };
}
