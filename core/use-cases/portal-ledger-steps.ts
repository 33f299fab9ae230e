import { emptyPortalLedger, type PortalLedger, type PortalLedgerView } from '../domain/portal-ledger.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { CLI_OPERATOR } from './audit.js';
import type { Actor } from './types.js';

/** What the portal ledger's verbs share (portal-ledger.ts lists them). */

export const PORTAL_STALE_MESSAGE = 'The portal record was changed by someone else meanwhile. Please reload and try again.';
export const NO_PORTAL_RECEIPT_MESSAGE = 'No portal receipt has been uploaded for this application.';

/** The fields of `after` that differ from `before` (dates compared by time), for the audit's before/after. */
export function changedFields(before: PortalLedgerView, after: PortalLedgerView): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = [
    'reference',
    'state',
    'governmentFeeCents',
    'governmentFeeCurrency',
    'governmentFeePence',
    'feeAtPaymentCents',
    'feeAtPaymentPence',
    'absorbedFeeCents',
    'absorbedFeePence',
    'paidAt',
  ] as const;
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of keys) {
    const a = before[key];
    const b = after[key];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) {
      out.before[key] = a;
      out.after[key] = b;
    }
  }
  return out;
}

/** The staff id a write records (the CLI operator has none). */
export const writerId = (actor: Actor): number | null => (actor.userId === CLI_OPERATOR.userId ? null : actor.userId);

export async function requireApplication(ports: Pick<Ports, 'applications'>, applicationId: number) {
  const application = await ports.applications.findById(applicationId);
  if (!application) throw errors.notFound('Application');
  return application;
}

export async function ledgerOf(ports: Pick<Ports, 'portal'>, applicationId: number): Promise<PortalLedger> {
  return (await ports.portal.find(applicationId)) ?? emptyPortalLedger(applicationId);
}
