import { applyPassportReupload, type Application } from '../domain/application.js';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, storedFileName, type NewDocument, type VisaDocumentRecord } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import { unwrap } from '../domain/result.js';
import type { Ports } from '../ports/index.js';
import { checkUpload, commitWithRetry, deleteQuietly, loadOwned, readAll } from './shared.js';
import type { Actor, UploadedFile } from './types.js';
import { jobsForDocument } from '../domain/jobs.js';

export const PASSPORT_NOT_REQUESTED = 'A passport re-upload has not been requested for this application.';
export const HEIC_UNREADABLE_MESSAGE = "We couldn't open this HEIC photo. Please choose it again, or upload a JPG, PNG or PDF.";

/** A passport upload as it arrives: the document types, or a phone's HEIC/HEIF photo. */
export type PassportUpload = Omit<UploadedFile, 'contentType'> & { contentType: UploadedFile['contentType'] | 'image/heic' };

/**
 * A HEIC/HEIF photo becomes the JPEG it is stored as (decoded in the scanner's worker pool, never
 * on this thread); a file that cannot be decoded is refused before anything is stored.
 */
async function asStoredFile(ports: Pick<Ports, 'passportReader'>, file: PassportUpload): Promise<UploadedFile> {
  if (file.contentType !== 'image/heic') return file as UploadedFile;
  if (file.size > MAX_UPLOAD_BYTES) throw errors.validation(FILE_TOO_LARGE_MESSAGE, { file: [FILE_TOO_LARGE_MESSAGE] });
  const body = Buffer.isBuffer(file.body) ? file.body : await readAll(file.body);
  const jpeg = body.length === 0 ? null : await ports.passportReader.convertHeic(body);
  if (!jpeg) throw errors.validation(HEIC_UNREADABLE_MESSAGE, { file: [HEIC_UNREADABLE_MESSAGE] });
  return { body: jpeg, fileName: file.fileName, contentType: 'image/jpeg', size: jpeg.length };
}

/**
 * The applicant's passport copy: the first one at submission (while the application has no passport
 * document), afterwards only while requiresPassportReupload is true (which the upload clears). The
 * file is stored under a random key first; the document row is written in the same commit as the
 * application change (compare-and-set, so two uploads at once cannot both count); if that fails the
 * stored file is deleted again.
 * A HEIC/HEIF photo is stored as JPEG. Once committed, the application's passport reading is
 * 'pending' until checkPassport reads the new document (the app runs it after the answer).
 */
export function makeAttachPassport(ports: Pick<Ports, 'applications' | 'documents' | 'files' | 'ids' | 'clock' | 'passportReader'>) {
  async function decide(current: Application, now: Date): Promise<Application> {
    const documents = await ports.documents.listByApplication(current.id);
    const hasPassport = documents.some((d) => d.type === 'passport');
    if (!hasPassport) return { ...current, updatedAt: now };
    if (!current.requiresPassportReupload) throw errors.conflict(PASSPORT_NOT_REQUESTED);
    return unwrap(applyPassportReupload(current, now));
  }

  return async function attachPassport(actor: Actor, applicationId: number, upload: PassportUpload): Promise<VisaDocumentRecord> {
    checkUpload({ ...upload, contentType: upload.contentType === 'image/heic' ? 'image/jpeg' : upload.contentType });
    const application = await loadOwned(ports, actor, applicationId);
    const now = ports.clock.now();
    await decide(application, now); // fail fast, before storing (or converting) anything
    const file = await asStoredFile(ports, upload);

    const storageKey = ports.ids.storageKey();
    const fileName = storedFileName(file.fileName, file.contentType, 'passport');
    const stored = await ports.files.put(storageKey, file.body, { contentType: file.contentType, fileName, size: file.size });
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
    let documentId: number;
    try {
      if (stored.size > MAX_UPLOAD_BYTES) throw errors.validation(FILE_TOO_LARGE_MESSAGE, { file: [FILE_TOO_LARGE_MESSAGE] });
      const outcome = await commitWithRetry(ports, applicationId, async (current) => ({
        change: { application: await decide(current, now), expectedVersion: current.version, document, jobs: jobsForDocument(document.type) },
      }));
      if (outcome.kind !== 'committed' || outcome.result.documentId === undefined) {
        throw errors.conflict('The passport copy could not be saved. Please try again.');
      }
      documentId = outcome.result.documentId;
    } catch (error) {
      await deleteQuietly(ports, storageKey);
      throw error;
    }
    // Committed (the file is the document's now): its reading is pending until checkPassport runs.
    await ports.applications.recordPassportScan(applicationId, { documentId, status: 'pending' });
    return { ...document, id: documentId, applicationId };
  };
}
