import type { DeliveryLogEntry } from '../../core/domain/delivery-log.js';
import type { InternalNote } from '../../core/domain/internal-note.js';
import type { ApplicationReply } from '../../core/domain/reply.js';
import { documentFileUrl, type VisaDocumentRecord } from '../../core/domain/document.js';
import { receiptFileName, type Receipt } from '../../core/domain/receipt.js';
import type { UnrecordedPayment } from '../../core/use-cases/reconcile-payments.js';

/** A document as clients see it: its download URL instead of the storage key. */
export function documentView(doc: VisaDocumentRecord) {
  return {
    id: doc.id,
    applicationId: doc.applicationId,
    type: doc.type,
    fileName: doc.fileName,
    fileUrl: documentFileUrl(doc.id),
    contentType: doc.contentType,
    size: doc.size,
    status: doc.status,
    verificationNotes: doc.verificationNotes,
    uploadedAt: doc.uploadedAt,
    verifiedAt: doc.verifiedAt,
  };
}

export type DocumentView = ReturnType<typeof documentView>;

/** Where a receipt listed under an application is downloaded: GET /api/applications/{id}/receipts/{number}. */
export function receiptUrl(applicationId: number, number: string): string {
  return `/api/applications/${applicationId}/receipts/${encodeURIComponent(number)}`;
}

/** A receipt or credit note as GET /api/applications/{id}/receipts lists it (docs/product.md, "Receipts"). */
export function receiptView(applicationId: number, receipt: Receipt) {
  return {
    number: receipt.number,
    kind: receipt.kind,
    paymentType: receipt.paymentType,
    amountPence: receipt.amount,
    currency: receipt.currency,
    issuedAt: receipt.issuedAt,
    url: receiptUrl(applicationId, receipt.number),
  };
}

export type ReceiptView = ReturnType<typeof receiptView>;

/** `Content-Disposition: inline` (shown in the browser, saved under `fileName`): for ASCII names such as a receipt's. */
export function inlineDisposition(fileName: string): string {
  return `inline; filename="${fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"`;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** A payment taken but not recorded, as the admin dashboard lists it. */
export function paymentIssueView(issue: UnrecordedPayment) {
  return {
    paymentIntentId: issue.paymentIntentId,
    applicationId: issue.applicationId,
    applicationNumber: issue.applicationNumber,
    paymentType: issue.paymentType,
    amount: issue.amount,
    currency: issue.currency,
    createdAt: issue.createdAt,
    problem: issue.problem ?? 'Taken at the payment provider but not recorded on the application.',
    recordable: issue.recordable,
  };
}

/** A staff note as staff read it: who wrote it, when, what. */
export function internalNoteView(note: InternalNote) {
  return { id: note.id, applicationId: note.applicationId, authorId: note.authorId, authorName: note.authorName, text: note.text, createdAt: note.createdAt };
}

/** A delivery log entry (docs/product.md §16.5): `from` only on an incoming one, `error` only when there is one. */
export function messageView(entry: DeliveryLogEntry) {
  return {
    id: entry.id,
    channel: entry.channel,
    template: entry.template,
    to: entry.to,
    ...(entry.from ? { from: entry.from } : {}),
    status: entry.status,
    at: entry.at,
    ...(entry.error ? { error: entry.error } : {}),
  };
}

/** An applicant's reply (docs/product.md §16.7), as its applicant and staff read it: the words and the documents. */
export function replyView(reply: ApplicationReply) {
  return { id: reply.id, applicationId: reply.applicationId, text: reply.text, createdAt: reply.createdAt, documents: reply.documents.map(documentView) };
}

export type ReplyView = ReturnType<typeof replyView>;
