import type { Readable } from 'node:stream';
import type { VisaDocumentRecord } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { recordAudit } from './audit.js';
import type { Actor } from './types.js';

/**
 * A document's file, for the owner of its application or an admin; anyone else gets "not found".
 * Staff opening someone's passport or visa is recorded in the audit log before the file is handed
 * over (an applicant's reads of their own files are not).
 */
export function makeOpenDocument(ports: Pick<Ports, 'applications' | 'documents' | 'files' | 'clock' | 'audit'>) {
  return async function openDocument(actor: Actor, documentId: number): Promise<{ document: VisaDocumentRecord; body: Readable }> {
    const document = await ports.documents.findById(documentId);
    if (!document) throw errors.notFound('Document');
    const application = await ports.applications.findById(document.applicationId);
    if (!application || (!actor.isAdmin && application.userId !== actor.userId)) throw errors.notFound('Document');
    const file = await ports.files.get(document.storageKey);
    if (!file) throw errors.notFound('Document');
    if (application.userId !== actor.userId) {
      await recordAudit(ports, actor, {
        action: 'document.viewed',
        target: { type: 'document', id: document.id },
        applicationId: application.id,
        detail: { documentType: document.type, fileName: document.fileName },
      }).catch(async (error: unknown) => {
        file.body.destroy();
        throw error;
      });
    }
    return { document, body: file.body };
  };
}
