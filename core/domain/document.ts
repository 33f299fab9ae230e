import { msg } from '../i18n/index.js';

/** 'reply': a document the applicant attached to a reply (core/domain/reply.ts). */
export const DOCUMENT_TYPES = ['passport', 'visa', 'reply'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** A document's type as staff read it (the badge beside a document). */
/**
 * What the retention run deletes once an application is finished (docs/product.md §15.1): the
 * traveller's own papers — passport copies and the documents of their replies. The e-visa stays, for
 * the traveller to download again.
 */
export const DELETED_AT_RETENTION: readonly DocumentType[] = ['passport', 'reply'];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = { passport: msg('Passport'), visa: msg('E-visa'), reply: msg('Reply') };

export const DOCUMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export interface VisaDocumentRecord {
  id: number;
  applicationId: number;
  type: DocumentType;
  /** The name the file had on the uploader's machine; kept as metadata only. */
  fileName: string;
  /** Random key in FileStorage; never derived from the file name. */
  storageKey: string;
  contentType: AllowedContentType;
  size: number;
  status: DocumentStatus;
  verificationNotes: string | null;
  uploadedAt: Date;
  verifiedAt: Date | null;
  /** The reply a 'reply' document came with; absent on every other document. */
  replyId?: number;
}

export type NewDocument = Omit<VisaDocumentRecord, 'id'>;

/** The URL a client downloads the file from (owner or admin only). */
export function documentFileUrl(documentId: number): string {
  return `/api/documents/${documentId}/file`;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ALLOWED_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type AllowedContentType = (typeof ALLOWED_CONTENT_TYPES)[number];
export const INVALID_FILE_TYPE_MESSAGE = msg('Please select a JPG, PNG, or PDF file.');
export const FILE_TOO_LARGE_MESSAGE = msg('Please select a file smaller than 10MB.');
export const INVALID_APPLICATION_ID_MESSAGE = msg('Invalid application ID. Please refresh the page and try again.');

/** Decides the type from the file's first bytes (magic numbers), never from its name. */
export function sniffContentType(head: Uint8Array): AllowedContentType | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  return null;
}

export function extensionFor(contentType: AllowedContentType): string {
  return contentType === 'image/jpeg' ? 'jpg' : contentType === 'image/png' ? 'png' : 'pdf';
}

/** Longest base name kept (before the extension). */
const MAX_BASE_NAME = 100;

/**
 * The name a stored file is kept and downloaded under (OWASP file upload: never trust the client's
 * name): the client's base name without folders, its own extension, dots or any character but
 * letters, digits, spaces, '-', '_' and parentheses, followed by the extension of the type sniffed
 * from the content. `fallback` names a file whose name has nothing left.
 */
export function storedFileName(clientName: string, contentType: AllowedContentType, fallback: string): string {
  const base = clientName.split(/[\\/]/).pop() ?? '';
  const withoutExtension = base.replace(/\.[^.]*$/, '');
  const cleaned = withoutExtension
    .normalize('NFC')
    .replace(/\./g, '_')
    .replace(/\s+/g, ' ')
    .replace(/[^\p{L}\p{M}\p{N} _()-]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, MAX_BASE_NAME)
    .trim();
  return `${cleaned || fallback}.${extensionFor(contentType)}`;
}
