import { applyPassportReupload, type Application } from '../domain/application.js';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, storedFileName, type NewDocument, type VisaDocumentRecord } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import { unwrap } from '../domain/result.js';
import type { Ports } from '../ports/index.js';
import { checkUpload, commitWithRetry, deleteQuietly, loadOwned } from './shared.js';
import type { Actor, UploadedFile } from './use-cases.js';

export const PASSPORT_NOT_REQUESTED = 'A passport re-upload has not been requested for this application.';

/**
 * The applicant's passport copy: the first one at submission (while the application has no passport
 * document), afterwards only while requiresPassportReupload is true (which the upload clears). The
 * file is stored under a random key first; the document row is written in the same commit as the
 * application change (compare-and-set, so two uploads at once cannot both count); if that fails the
 * stored file is deleted again.
 */
export function makeAttachPassport(ports: Pick<Ports, 'applications' | 'documents' | 'files' | 'ids' | 'clock'>) {
  async function decide(current: Application, now: Date): Promise<Application> {
    const documents = await ports.documents.listByApplication(current.id);
    const hasPassport = documents.some((d) => d.type === 'passport');
    if (!hasPassport) return { ...current, updatedAt: now };
    if (!current.requiresPassportReupload) throw errors.conflict(PASSPORT_NOT_REQUESTED);
    return unwrap(applyPassportReupload(current, now));
  }

  return async function attachPassport(actor: Actor, applicationId: number, file: UploadedFile): Promise<VisaDocumentRecord> {
    checkUpload(file);
    const application = await loadOwned(ports, actor, applicationId);
    const now = ports.clock.now();
    await decide(application, now); // fail fast, before storing anything

    const storageKey = ports.ids.storageKey();
    const fileName = storedFileName(file.fileName, file.contentType, 'passport');
    const stored = await ports.files.put(storageKey, file.body, { contentType: file.contentType, fileName, size: file.size });
    try {
      if (stored.size > MAX_UPLOAD_BYTES) throw errors.validation(FILE_TOO_LARGE_MESSAGE, { file: [FILE_TOO_LARGE_MESSAGE] });
      const document: Omit<NewDocument, 'applicationId'> = {
        type: 'passport',
        fileName,
        storageKey,
        contentType: file.contentType,
        size: stored.size,
        status: 'pending',
        verificationNotes: null,
        uploadedAt: now,
        verifiedAt: null,
      };
      const outcome = await commitWithRetry(ports, applicationId, async (current) => ({
        change: { application: await decide(current, now), expectedVersion: current.version, document },
      }));
      if (outcome.kind !== 'committed' || outcome.result.documentId === undefined) {
        throw errors.conflict('The passport copy could not be saved. Please try again.');
      }
      return { ...document, id: outcome.result.documentId, applicationId };
    } catch (error) {
      await deleteQuietly(ports, storageKey);
      throw error;
    }
  };
}
