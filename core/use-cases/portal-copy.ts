import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { recordAudit } from './audit.js';
import { readAll, requirePermission } from './shared.js';
import type { Actor } from './types.js';

export const PORTAL_COPY_UNREADABLE_MESSAGE = 'This passport file cannot be opened as an image, so no portal copy can be made. Please ask the applicant for a new passport copy.';

/**
 * Staff only: a passport document as the official portal takes it (JPEG ≤ 500 KB, long side ≥
 * 1000 px where the original allows; a PDF's first page), made in the scanner's worker pool.
 * A file that cannot be decoded is Unreadable (422); a missing document or file NotFound.
 */
export function makePortalCopy(ports: Pick<Ports, 'documents' | 'files' | 'passportReader' | 'clock' | 'audit'>) {
  return async function portalCopy(actor: Actor, documentId: number): Promise<{ fileName: string; body: Buffer }> {
    requirePermission(actor, 'applications.read');
    const document = await ports.documents.findById(documentId);
    if (!document || document.type !== 'passport') throw errors.notFound('Document');
    const file = await ports.files.get(document.storageKey);
    if (!file) throw errors.notFound('Document');
    const body = await readAll(file.body);
    const copy = await ports.passportReader.makePortalCopy({ body, contentType: document.contentType });
    if (!copy) throw errors.unreadable(PORTAL_COPY_UNREADABLE_MESSAGE);
    await recordAudit(ports, actor, {
      action: 'document.portal_copy',
      target: { type: 'document', id: document.id },
      applicationId: document.applicationId,
      detail: { documentType: document.type, fileName: document.fileName },
    });
    const base = document.fileName.replace(/\.[^.]*$/, '') || 'passport';
    return { fileName: `${base}-portal.jpg`, body: copy };
  };
}
