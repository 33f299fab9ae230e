import type { Application } from './application.js';
import { msg } from '../i18n/index.js';
import type { NewDocument, VisaDocumentRecord } from './document.js';
import { resumeGuarantee } from './guarantee.js';

/**
 * The applicant's answer to an information request, sent from the dashboard (docs/product.md
 * §16.7): their words and the documents they attached (stored as documents of type 'reply').
 */
export interface ApplicationReply {
  id: number;
  applicationId: number;
  /** '' when the applicant sent documents only. */
  text: string;
  createdAt: Date;
  /** Oldest first. */
  documents: VisaDocumentRecord[];
}

/** A reply as it is stored, without its documents. */
export type StoredReply = Omit<ApplicationReply, 'documents'>;

/** A reply to store with its application's change: its words and its documents' rows (type 'reply'). */
export interface NewReply {
  text: string;
  createdAt: Date;
  documents: Omit<NewDocument, 'applicationId' | 'replyId'>[];
}

/** The longest reply, in characters (as a textarea counts them: UTF-16 code units). */
export const REPLY_TEXT_MAX = 4000;
/** The most documents one reply may carry: a handful of pages, each under the upload limit. */
export const REPLY_MAX_FILES = 5;

export const REPLY_TOO_LONG_MESSAGE = `Your reply can be at most ${REPLY_TEXT_MAX.toLocaleString('en-GB')} characters.`;
export const REPLY_EMPTY_MESSAGE = msg('Please write a reply or attach a document.');
export const REPLY_TOO_MANY_FILES_MESSAGE = `You can attach at most ${REPLY_MAX_FILES} documents to one reply.`;
export const REPLY_NOT_EXPECTED_MESSAGE = msg('Our team is not waiting for an answer on this application, so a reply cannot be sent.');

/** A reply is taken while staff wait on the applicant (an information request is open). */
export function canReply(app: Pick<Application, 'status'>): boolean {
  return app.status === 'additional_info_required';
}

/**
 * The application once the applicant replied: the guarantee clock runs again (the pause ends at
 * the answer, docs/decisions/0011), and the reply is marked for staff until they ask again.
 */
export function applyReply(app: Application, now: Date): Application {
  return resumeGuarantee({ ...app, repliedAt: now, updatedAt: now }, now);
}
