import type { Ports } from '../ports/index.js';
import { makeListReplies } from './list-replies.js';
import { makeReplyToRequest } from './reply-to-request.js';

export type { ReplyInput } from './reply-to-request.js';

/**
 * The applicant answers an information request from the dashboard, and staff read the answers
 * (docs/product.md §16.7).
 * The group's face: each verb is its own file (reply-to-request.ts, list-replies.ts).
 */
export function makeReplies(ports: Pick<Ports, 'applications' | 'replies' | 'users' | 'files' | 'ids' | 'clock'>) {
  return { replyToRequest: makeReplyToRequest(ports), listReplies: makeListReplies(ports) };
}
