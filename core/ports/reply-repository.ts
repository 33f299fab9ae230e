import type { ApplicationReply } from '../domain/reply.js';

/**
 * The applicants' replies to information requests. They are written with their application's
 * change (ApplicationChange.reply: the reply, its documents and the clock in one transaction);
 * this port reads them.
 */
export interface ReplyRepository {
  /** The application's replies, newest first, each with its documents (oldest first). */
  listByApplication(applicationId: number): Promise<ApplicationReply[]>;
}
