import type { Application } from '../domain/application.js';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, storedFileName, type NewDocument } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import {
  applyReply,
  canReply,
  REPLY_EMPTY_MESSAGE,
  REPLY_MAX_FILES,
  REPLY_NOT_EXPECTED_MESSAGE,
  REPLY_TEXT_MAX,
  REPLY_TOO_LONG_MESSAGE,
  REPLY_TOO_MANY_FILES_MESSAGE,
  type ApplicationReply,
} from '../domain/reply.js';
import type { OutboxMailInput } from '../ports/mail-outbox.js';
import type { Ports } from '../ports/index.js';
import { checkUpload, commitWithRetry, deleteQuietly, loadOwned } from './shared.js';
import type { Actor, UploadedFile } from './types.js';

/** What the applicant sends: their words (may be empty when documents come) and the documents. */
export interface ReplyInput {
  text: string;
  files: UploadedFile[];
}

/** The words as they are kept: one kind of line break (a browser's form sends CRLF), no blank edges. */
function replyText(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').trim();
}

/** The input's own rules (400 with the field's message), before anything is read or stored. */
function checkInput(text: string, files: readonly UploadedFile[]): void {
  if (text.length > REPLY_TEXT_MAX) throw errors.validation(REPLY_TOO_LONG_MESSAGE, { text: [REPLY_TOO_LONG_MESSAGE] });
  if (text === '' && files.length === 0) throw errors.validation(REPLY_EMPTY_MESSAGE, { text: [REPLY_EMPTY_MESSAGE] });
  if (files.length > REPLY_MAX_FILES) throw errors.validation(REPLY_TOO_MANY_FILES_MESSAGE, { files: [REPLY_TOO_MANY_FILES_MESSAGE] });
  for (const file of files) checkUpload(file);
}

/** The assigned member of staff's mail about the reply, when someone active is assigned. */
async function staffMail(ports: Pick<Ports, 'users'>, application: Application, now: Date, documents: number): Promise<OutboxMailInput[]> {
  if (application.assigneeId === null) return [];
  const staff = await ports.users.findById(application.assigneeId);
  // A deactivated member of staff reads no mail of ours: nobody is told (the REPLIED badge still shows).
  if (!staff?.isAdmin || staff.deactivatedAt !== null) return [];
  return [
    {
      to: staff.email,
      template: 'applicant_replied',
      data: {
        fullName: staff.fullName,
        applicationNumber: application.applicationNumber,
        travellerName: `${application.givenName} ${application.surname}`,
        repliedAt: now.toISOString(),
        documents,
      },
    },
  ];
}

/**
 * The applicant's reply, while the application waits on them (additional_info_required; else
 * Conflict). The files are stored under random keys first; the reply row, its documents, the
 * clock's resumption (applyReply) and the assigned member of staff's mail are then one commit on
 * the application's version. If anything fails after the files were stored, they are deleted
 * again: a failed reply leaves nothing behind.
 */
export function makeReplyToRequest(ports: Pick<Ports, 'applications' | 'replies' | 'users' | 'files' | 'ids' | 'clock'>) {
  return async function replyToRequest(actor: Actor, applicationId: number, input: ReplyInput): Promise<ApplicationReply> {
    const text = replyText(input.text);
    checkInput(text, input.files);
    const application = await loadOwned(ports, actor, applicationId);
    if (!canReply(application)) throw errors.conflict(REPLY_NOT_EXPECTED_MESSAGE);
    const now = ports.clock.now();

    const stored: string[] = [];
    try {
      const documents: Omit<NewDocument, 'applicationId' | 'replyId'>[] = [];
      for (const file of input.files) {
        const storageKey = ports.ids.storageKey();
        const fileName = storedFileName(file.fileName, file.contentType, 'document');
        stored.push(storageKey);
        const put = await ports.files.put(storageKey, file.body, { contentType: file.contentType, fileName, size: file.size });
        // A stream may hold more than it declared: the stored size decides.
        if (put.size > MAX_UPLOAD_BYTES) throw errors.validation(FILE_TOO_LARGE_MESSAGE, { files: [FILE_TOO_LARGE_MESSAGE] });
        documents.push({ type: 'reply', fileName, storageKey, contentType: file.contentType, size: put.size, status: 'pending', verificationNotes: null, uploadedAt: now, verifiedAt: null });
      }
      const outcome = await commitWithRetry(ports, applicationId, async (current) => {
        if (!canReply(current)) throw errors.conflict(REPLY_NOT_EXPECTED_MESSAGE);
        return {
          change: {
            application: applyReply(current, now),
            expectedVersion: current.version,
            reply: { text, createdAt: now, documents },
            mails: await staffMail(ports, current, now, documents.length),
          },
        };
      });
      if (outcome.kind !== 'committed' || !outcome.result.reply) throw errors.conflict('Your reply could not be saved. Please try again.');
      const { id, documentIds } = outcome.result.reply;
      return { id, applicationId, text, createdAt: now, documents: documents.map((d, i) => ({ ...d, id: documentIds[i]!, applicationId, replyId: id })) };
    } catch (error) {
      for (const key of stored) await deleteQuietly(ports, key);
      throw error;
    }
  };
}
