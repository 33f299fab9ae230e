import { portalView, type PortalLedgerView } from '../domain/portal-ledger.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';
import { ledgerOf, requireApplication } from './portal-ledger-steps.js';

/** An application's portal ledger row (empty while none is recorded), for staff who read applications. */
export function makeReadPortal(ports: Pick<Ports, 'applications' | 'portal' | 'governmentFees' | 'files' | 'ids' | 'clock' | 'audit'>) {
  return async function readPortal(actor: Actor, applicationId: number): Promise<PortalLedgerView> {
    requirePermission(actor, 'applications.read');
    await requireApplication(ports, applicationId);
    return portalView(await ledgerOf(ports, applicationId));
  };
}
