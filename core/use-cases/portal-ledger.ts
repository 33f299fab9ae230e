import type { Ports } from '../ports/index.js';
import { makeReadPortal } from './read-portal.js';
import { makeUpdatePortal } from './update-portal.js';
import { makeAttachPortalReceipt } from './attach-portal-receipt.js';
import { makeOpenPortalReceipt } from './open-portal-receipt.js';
import { makeListGovernmentFees } from './list-government-fees.js';
import { makeSetGovernmentFee } from './set-government-fee.js';

export { NO_PORTAL_RECEIPT_MESSAGE, PORTAL_STALE_MESSAGE } from './portal-ledger-steps.js';

/**
 * The portal ledger (docs/product.md §2.16, decision 0015): staff with `portal.manage` record per
 * application the official portal's reference, the submission's state, the government fee paid and
 * the portal's receipt; staff who read applications read it. Each write is a compare-and-set on the
 * row's version and is audited. The fee's GBP cost is booked at write time from the government fee
 * configuration in effect on the day it was paid.
 * The group's face: each verb is its own file (read-portal.ts, update-portal.ts, attach-portal-receipt.ts, open-portal-receipt.ts, list-government-fees.ts, set-government-fee.ts).
 */
export function makePortalLedger(ports: Pick<Ports, 'applications' | 'portal' | 'governmentFees' | 'files' | 'ids' | 'clock' | 'audit'>) {
  return {
    readPortal: makeReadPortal(ports),
    updatePortal: makeUpdatePortal(ports),
    attachPortalReceipt: makeAttachPortalReceipt(ports),
    openPortalReceipt: makeOpenPortalReceipt(ports),
    listGovernmentFees: makeListGovernmentFees(ports),
    setGovernmentFee: makeSetGovernmentFee(ports),
  };
}
