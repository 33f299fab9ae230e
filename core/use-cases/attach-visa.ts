import { applyVisaAttached } from '../domain/application.js';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, storedFileName, type NewDocument, type VisaDocumentRecord } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import { unwrap } from '../domain/result.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import { withEvisaMail } from './evisa-mail.js';
import { checkUpload, commitWithRetry, deleteQuietly, loadVisible, requirePermission, requireUser } from './shared.js';
import type { Actor, UploadedFile } from './types.js';

/**
 * An admin uploads (or replaces) the visa document, from approval on. The new file is stored under
 * a random key, the document row and application.visaDocument are written in one commit, and only
 * then are earlier visa documents (rows and files) removed. When the final fee is already settled
 * (paid or waived) and the e-visa was never mailed, the same commit queues its mail (withEvisaMail);
 * otherwise the mail goes when the fee is paid. A replacement after that mail is sent by staff's
 * 'Send E-Visa Email'.
 */
export function makeAttachVisa(ports: Pick<Ports, 'applications' | 'documents' | 'files' | 'ids' | 'clock' | 'audit' | 'users' | 'phoneNumbers' | 'settings' | 'textWriter'>) {
  return async function attachVisa(actor: Actor, applicationId: number, file: UploadedFile): Promise<VisaDocumentRecord> {
    requirePermission(actor, 'visa.send');
    checkUpload(file);
    const application = await loadVisible(ports, actor, applicationId);
    const now = ports.clock.now();
    const fileName = storedFileName(file.fileName, file.contentType, 'e-visa');
    unwrap(applyVisaAttached(application, fileName, now)); // fail fast, before storing anything

    const user = await requireUser(ports, application.userId);
    const previous = (await ports.documents.listByApplication(applicationId)).filter((d) => d.type === 'visa');
    const storageKey = ports.ids.storageKey();
    const stored = await ports.files.put(storageKey, file.body, { contentType: file.contentType, fileName, size: file.size });
    let document: VisaDocumentRecord;
    try {
      if (stored.size > MAX_UPLOAD_BYTES) throw errors.validation(FILE_TOO_LARGE_MESSAGE, { file: [FILE_TOO_LARGE_MESSAGE] });
      const row: Omit<NewDocument, 'applicationId'> = {
        type: 'visa',
        fileName,
        storageKey,
        contentType: file.contentType,
        size: stored.size,
        status: 'verified',
        verificationNotes: null,
        uploadedAt: now,
        verifiedAt: now,
      };
      const outcome = await commitWithRetry(ports, applicationId, async (current) => {
        const evisa = await withEvisaMail(ports, unwrap(applyVisaAttached(current, fileName, now)), user, now, { storageKey, fileName, contentType: file.contentType });
        const audit = [
          auditEntry(ports, actor, {
            action: 'application.visa_uploaded',
            target: { type: 'document', id: null },
            targetIsNew: 'document',
            applicationId,
            before: previous.length ? { visaDocuments: previous.map((d) => ({ id: d.id, fileName: d.fileName })) } : undefined,
            after: { visaDocument: { fileName, size: stored.size, contentType: file.contentType } },
          }),
        ];
        if (evisa.mails.length > 0) {
          // The e-visa goes with this commit (withEvisaMail): recorded with it. The document is the visa_uploaded row's target.
          audit.push(
            auditEntry(ports, actor, {
              action: 'application.evisa_sent',
              target: { type: 'application', id: applicationId },
              applicationId,
              detail: { to: user.email, document: { fileName }, automatic: true },
            }),
          );
        }
        return { change: { application: evisa.application, expectedVersion: current.version, document: row, mails: evisa.mails, texts: evisa.texts, audit } };
      });
      if (outcome.kind !== 'committed' || outcome.result.documentId === undefined) {
        throw errors.conflict('The visa document could not be saved. Please try again.');
      }
      document = { ...row, id: outcome.result.documentId, applicationId };
    } catch (error) {
      await deleteQuietly(ports, storageKey);
      throw error;
    }

    for (const old of previous) {
      await ports.documents.delete(old.id);
      await deleteQuietly(ports, old.storageKey);
    }
    return document;
  };
}
