import type { Readable } from 'node:stream';
import type { VisaDocumentRecord } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import type { Actor } from './use-cases.js';

/** A document's file, for the owner of its application or an admin; anyone else gets "not found". */
export function makeOpenDocument(ports: Pick<Ports, 'applications' | 'documents' | 'files'>) {
  return async function openDocument(actor: Actor, documentId: number): Promise<{ document: VisaDocumentRecord; body: Readable }> {
    const document = await ports.documents.findById(documentId);
    if (!document) throw errors.notFound('Document');
    const application = await ports.applications.findById(document.applicationId);
    if (!application || (!actor.isAdmin && application.userId !== actor.userId)) throw errors.notFound('Document');
    const file = await ports.files.get(document.storageKey);
    if (!file) throw errors.notFound('Document');
    return { document, body: file.body };
  };
}
