import { storedFileName } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import {
  checkPortalLedger,
  emptyPortalLedger,
  feeShield,
  governmentFeeOn,
  NO_FEE_SHIELD,
  type FeeShield,
  governmentFeePence,
  portalView,
  type GovernmentFee,
  type PortalLedger,
  type PortalLedgerInput,
  type PortalLedgerView,
} from '../domain/portal-ledger.js';
import { unwrap } from '../domain/result.js';
import { londonDateOf } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';
import type { PortalLedgerWrite } from '../ports/portal-ledger-repository.js';
import type { StoredFileInfo } from '../ports/file-storage.js';
import type { Readable } from 'node:stream';
import { parseInput } from '../schemas/parse.js';
import { governmentFeeSchema, type GovernmentFeeInput } from '../schemas/portal.js';
import { auditEntry, CLI_OPERATOR, recordAudit } from './audit.js';
import { checkUpload, deleteQuietly, requirePermission } from './shared.js';
import type { Actor, UploadedFile } from './types.js';

export const PORTAL_STALE_MESSAGE = 'The portal record was changed by someone else meanwhile. Please reload and try again.';
export const NO_PORTAL_RECEIPT_MESSAGE = 'No portal receipt has been uploaded for this application.';

/** The fields of `after` that differ from `before` (dates compared by time), for the audit's before/after. */
function changedFields(before: PortalLedgerView, after: PortalLedgerView): { before: Record<string, unknown>; after: Record<string, unknown> } {
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
const writerId = (actor: Actor): number | null => (actor.userId === CLI_OPERATOR.userId ? null : actor.userId);

/**
 * The portal ledger (docs/product.md §2.16, decision 0015): staff with `portal.manage` record per
 * application the official portal's reference, the submission's state, the government fee paid and
 * the portal's receipt; staff who read applications read it. Each write is a compare-and-set on the
 * row's version and is audited. The fee's GBP cost is booked at write time from the government fee
 * configuration in effect on the day it was paid.
 */
export function makePortalLedger(ports: Pick<Ports, 'applications' | 'portal' | 'governmentFees' | 'files' | 'ids' | 'clock' | 'audit'>) {
  async function requireApplication(applicationId: number) {
    const application = await ports.applications.findById(applicationId);
    if (!application) throw errors.notFound('Application');
    return application;
  }

  async function ledgerOf(applicationId: number): Promise<PortalLedger> {
    return (await ports.portal.find(applicationId)) ?? emptyPortalLedger(applicationId);
  }

  async function readPortal(actor: Actor, applicationId: number): Promise<PortalLedgerView> {
    requirePermission(actor, 'applications.read');
    await requireApplication(applicationId);
    return portalView(await ledgerOf(applicationId));
  }

  async function updatePortal(actor: Actor, applicationId: number, input: PortalLedgerInput): Promise<PortalLedgerView> {
    requirePermission(actor, 'portal.manage');
    const now = ports.clock.now();
    const checked = unwrap(checkPortalLedger(input, now));
    const application = await requireApplication(applicationId);
    const current = await ledgerOf(applicationId);
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
  }

  /**
   * The portal's receipt (PDF, JPEG or PNG, as sniffed by the app): stored under a fresh key and
   * recorded on the ledger row (made if there is none); the receipt it replaces is deleted only
   * once the new one is recorded. A failed record removes the new file.
   */
  async function attachPortalReceipt(actor: Actor, applicationId: number, file: UploadedFile): Promise<PortalLedgerView> {
    requirePermission(actor, 'portal.manage');
    checkUpload(file);
    await requireApplication(applicationId);
    const current = await ledgerOf(applicationId);
    const now = ports.clock.now();
    const fileName = storedFileName(file.fileName, file.contentType, 'portal-receipt');
    const storageKey = ports.ids.storageKey();
    const stored = await ports.files.put(storageKey, file.body, { contentType: file.contentType, fileName, size: file.size });
    let saved: PortalLedger | 'stale';
    try {
      const { applicationId: _id, version: _version, ...rest } = current;
      const receipt = { storageKey, fileName, contentType: file.contentType, size: stored.size, uploadedAt: now };
      const audit = auditEntry(ports, actor, {
        action: 'application.portal_receipt_uploaded',
        target: { type: 'application', id: applicationId },
        applicationId,
        before: current.receipt ? { receipt: { fileName: current.receipt.fileName, size: current.receipt.size } } : undefined,
        after: { receipt: { fileName, size: stored.size, contentType: file.contentType } },
      });
      saved = await ports.portal.save(applicationId, { ...rest, receipt, updatedAt: now, updatedBy: writerId(actor) }, current.version, [audit]);
      if (saved === 'stale') throw errors.conflict(PORTAL_STALE_MESSAGE);
    } catch (error) {
      await deleteQuietly(ports, storageKey);
      throw error;
    }
    if (current.receipt) await deleteQuietly(ports, current.receipt.storageKey);
    return portalView(saved);
  }

  /** The portal's receipt for staff who read applications; opening it is recorded as a file read. */
  async function openPortalReceipt(actor: Actor, applicationId: number): Promise<{ body: Readable; info: StoredFileInfo; fileName: string; contentType: string }> {
    requirePermission(actor, 'applications.read');
    await requireApplication(applicationId);
    const { receipt } = await ledgerOf(applicationId);
    const file = receipt ? await ports.files.get(receipt.storageKey) : null;
    if (!receipt || !file) throw errors.notFound('Receipt', NO_PORTAL_RECEIPT_MESSAGE);
    await recordAudit(ports, actor, {
      action: 'document.viewed',
      target: { type: 'portal_receipt', id: applicationId },
      applicationId,
      detail: { fileName: receipt.fileName },
    });
    return { body: file.body, info: file.info, fileName: receipt.fileName, contentType: receipt.contentType };
  }

  /** The government fee configuration, oldest first, and the entry in effect today (London). */
  async function listGovernmentFees(actor: Actor): Promise<{ fees: GovernmentFee[]; current: GovernmentFee | null }> {
    requirePermission(actor, 'applications.read');
    const fees = await ports.governmentFees.list();
    return { fees, current: governmentFeeOn(fees, londonDateOf(ports.clock.now())) };
  }

  /**
   * Sets the fee from a date on (a past date corrects the configuration; the same date replaces its
   * entry). Fees already written to the ledger keep the pence they were booked at.
   */
  async function setGovernmentFee(actor: Actor, input: GovernmentFeeInput): Promise<{ fee: GovernmentFee; previous: GovernmentFee | null }> {
    requirePermission(actor, 'payments.manage');
    const checked = parseInput(governmentFeeSchema, input);
    const fee: GovernmentFee = { ...checked, createdAt: ports.clock.now(), createdBy: writerId(actor) };
    const shown = (f: GovernmentFee) => ({ effectiveFrom: f.effectiveFrom, amountCents: f.amountCents, pence: f.pence });
    // Written with the entry, from the one it replaces as read in that transaction (decision 0010).
    const previous = await ports.governmentFees.set(fee, (replaced) => [
      auditEntry(ports, actor, { action: 'government_fee.set', target: { type: 'government_fee', id: fee.effectiveFrom }, before: replaced ? shown(replaced) : undefined, after: shown(fee) }),
    ]);
    return { fee, previous };
  }

  return { readPortal, updatePortal, attachPortalReceipt, openPortalReceipt, listGovernmentFees, setGovernmentFee };
}
