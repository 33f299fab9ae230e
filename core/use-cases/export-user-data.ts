import type { ApplicationDraft } from '../domain/application-draft.js';
import type { VisaDocumentRecord } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import type { PaymentRecord } from '../domain/payment.js';
import type { Refund } from '../domain/refund.js';
import type { Receipt } from '../domain/receipt.js';
import type { StoredReply } from '../domain/reply.js';
import type { StatusHistoryEntry } from '../domain/status-history.js';
import { normaliseEmail, toPublicUser, type PublicUser } from '../domain/user.js';
import type { ContactEnquiry, Ports } from '../ports/index.js';
import { CLI_OPERATOR, recordAudit } from './audit.js';
import type { Actor, ApplicationView } from './types.js';
import { toView } from './shared.js';

/** Everything stored about one person, as exportUserData answers it. */
export interface UserDataExport {
  user: PublicUser;
  applications: ApplicationView[];
  payments: PaymentRecord[];
  /** Refunds of their payments (docs/product.md §4.7). */
  refunds: Refund[];
  /** The receipts and credit notes issued to them (a family's once), oldest first: numbers, amounts, dates, lines. */
  receipts: Receipt[];
  statusHistory: StatusHistoryEntry[];
  documents: VisaDocumentRecord[];
  /** Their replies to information requests, newest first per application (their documents are among `documents`). */
  replies: StoredReply[];
  contactEnquiries: ContactEnquiry[];
  applicationDraft: ApplicationDraft | null;
}

/** Operator task (CLI): everything stored about one person (the privacy policy's right of access). */
export function makeExportUserData(
  ports: Pick<Ports, 'users' | 'applications' | 'payments' | 'refunds' | 'receipts' | 'history' | 'documents' | 'replies' | 'enquiries' | 'drafts' | 'clock' | 'audit'>,
) {
  return async function exportUserData(email: string, actor: Actor = CLI_OPERATOR): Promise<UserDataExport> {
    const user = await ports.users.findByEmail(normaliseEmail(email));
    if (!user) throw errors.notFound('User');
    // By the user's id, never their email: the log outlives an erasure and must not undo it.
    await recordAudit(ports, actor, { action: 'user.exported', target: { type: 'user', id: user.id } });
    const now = ports.clock.now();
    const applications = await ports.applications.listByUser(user.id);
    const payments: PaymentRecord[] = [];
    const refunds: Refund[] = [];
    const statusHistory: StatusHistoryEntry[] = [];
    const documents: VisaDocumentRecord[] = [];
    const replies: StoredReply[] = [];
    const receipts = new Map<number, Receipt>();
    for (const application of applications) {
      payments.push(...(await ports.payments.listByApplication(application.id)));
      refunds.push(...(await ports.refunds.listByApplication(application.id)));
      for (const receipt of await ports.receipts.listForApplication(application)) receipts.set(receipt.id, receipt);
      statusHistory.push(...(await ports.history.listByApplication(application.id)));
      documents.push(...(await ports.documents.listByApplication(application.id)));
      for (const { documents: _attached, ...reply } of await ports.replies.listByApplication(application.id)) replies.push(reply);
    }
    return {
      user: toPublicUser(user),
      applications: applications.map((a) => toView(a, now)),
      payments,
      refunds,
      receipts: [...receipts.values()].sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.id - b.id),
      statusHistory,
      documents,
      replies,
      contactEnquiries: await ports.enquiries.listByEmail(user.email),
      // The unfinished application form they saved, if any (issue 17).
      applicationDraft: await ports.drafts.find(user.id),
    };
  };
}
