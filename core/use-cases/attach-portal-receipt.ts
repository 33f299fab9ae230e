import { storedFileName } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import { portalView, type PortalLedger, type PortalLedgerView } from '../domain/portal-ledger.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import { checkUpload, deleteQuietly, requirePermission } from './shared.js';
import type { Actor, UploadedFile } from './types.js';
import { ledgerOf, PORTAL_STALE_MESSAGE, requireApplication, writerId } from './portal-ledger-steps.js';

/**
 * The portal's receipt (PDF, JPEG or PNG, as sniffed by the app): stored under a fresh key and
 * recorded on the ledger row (made if there is none); the receipt it replaces is deleted only
 * once the new one is recorded. A failed record removes the new file.
 */
export function makeAttachPortalReceipt(ports: Pick<Ports, 'applications' | 'portal' | 'governmentFees' | 'files' | 'ids' | 'clock' | 'audit'>) {
  return async function attachPortalReceipt(actor: Actor, applicationId: number, file: UploadedFile): Promise<PortalLedgerView> {
    requirePermission(actor, 'portal.manage');
    checkUpload(file);
    await requireApplication(ports, applicationId);
    const current = await ledgerOf(ports, applicationId);
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
  };
}
