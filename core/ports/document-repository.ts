import type { DocumentType, NewDocument, VisaDocumentRecord } from '../domain/document.js';

export interface DocumentRepository {
  create(document: NewDocument): Promise<VisaDocumentRecord>;
  findById(id: number): Promise<VisaDocumentRecord | null>;
  /** Oldest first. */
  listByApplication(applicationId: number): Promise<VisaDocumentRecord[]>;
  delete(id: number): Promise<void>;
  /** Those of `storageKeys` that a document row points at (the orphan-file sweep asks in batches). */
  storageKeysInUse(storageKeys: readonly string[]): Promise<Set<string>>;
  /** Documents of these types of applications finished (final_payment_received or rejected) before `finishedBefore`, by id. */
  listOfApplicationsFinishedBefore(types: readonly DocumentType[], finishedBefore: Date): Promise<VisaDocumentRecord[]>;
}
