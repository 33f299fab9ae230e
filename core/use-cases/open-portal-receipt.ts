import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import type { StoredFileInfo } from '../ports/file-storage.js';
import type { Readable } from 'node:stream';
import { recordAudit } from './audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';
import { ledgerOf, NO_PORTAL_RECEIPT_MESSAGE, requireApplication } from './portal-ledger-steps.js';

/** The portal's receipt for staff who read applications; opening it is recorded as a file read. */
export function makeOpenPortalReceipt(ports: Pick<Ports, 'applications' | 'portal' | 'governmentFees' | 'files' | 'ids' | 'clock' | 'audit'>) {
  return async function openPortalReceipt(actor: Actor, applicationId: number): Promise<{ body: Readable; info: StoredFileInfo; fileName: string; contentType: string }> {
    requirePermission(actor, 'applications.read');
    await requireApplication(ports, applicationId);
    const { receipt } = await ledgerOf(ports, applicationId);
    const file = receipt ? await ports.files.get(receipt.storageKey) : null;
    if (!receipt || !file) throw errors.notFound('Receipt', NO_PORTAL_RECEIPT_MESSAGE);
    await recordAudit(ports, actor, {
      action: 'document.viewed',
      target: { type: 'portal_receipt', id: applicationId },
      applicationId,
      detail: { fileName: receipt.fileName },
    });
    return { body: file.body, info: file.info, fileName: receipt.fileName, contentType: receipt.contentType };
  };
}
