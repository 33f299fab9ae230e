import type { VisaDocumentRecord } from '../domain/document.js';
import type { Ports } from '../ports/index.js';
import { loadVisible } from './shared.js';
import type { Actor } from './types.js';

/** The documents of an application (owner or admin), oldest first. */
export function makeListDocuments(ports: Pick<Ports, 'applications' | 'documents'>) {
  return async function listDocuments(actor: Actor, applicationId: number): Promise<VisaDocumentRecord[]> {
    await loadVisible(ports, actor, applicationId);
    return ports.documents.listByApplication(applicationId);
  };
}
