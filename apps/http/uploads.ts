import type { Context, MiddlewareHandler } from 'hono';
import {
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  MAX_UPLOAD_BYTES,
  sniffContentType,
  type AllowedContentType,
} from '../../core/domain/document.js';
import { errors } from '../../core/domain/errors.js';
import { PASSPORT_IMAGE_TYPE_MESSAGE, sniffPassportImageType, type PassportImageType } from '../../core/domain/passport-scan.js';
import { applicationIdSchema } from '../../core/schemas/ids.js';
import { pathId } from './context.js';

const MULTIPART_ONLY_MESSAGE = 'Please upload the file as multipart/form-data.';
const NO_FILE_MESSAGE = 'Please select a file to upload.';
const UNREADABLE_UPLOAD_MESSAGE = 'The upload could not be read. Please try again.';

/**
 * For an upload to /…/:id/…: the application id in the path is checked (400 with the message of
 * docs/product.md §5.6, 404 beyond the id range) before a byte of the upload is read. Declared before the route's
 * `upload({ maxBytes })` (route-facts.ts).
 */
export const applicationIdFirst: MiddlewareHandler = async (c, next) => {
  pathId(c, 'id', applicationIdSchema);
  return next();
};

/** The files an upload route accepts: their type is decided from their first bytes by `sniff`. */
export interface AcceptedFiles<T extends string> {
  sniff(head: Uint8Array): T | null;
  /** What a refused type is told (415). */
  refusal: string;
}

/** Passport photos: the document types, and HEIC/HEIF (what iPhones take) too. */
export const PASSPORT_FILES: AcceptedFiles<PassportImageType> = { sniff: sniffPassportImageType, refusal: PASSPORT_IMAGE_TYPE_MESSAGE };

/** Documents (e-visas): JPG, PNG or PDF. */
const DOCUMENT_FILES: AcceptedFiles<AllowedContentType> = { sniff: sniffContentType, refusal: INVALID_FILE_TYPE_MESSAGE };

/**
 * Reads a multipart upload: the file in `field` (plus the other text fields). The type is decided
 * by the file's first bytes (`accepts.sniff`), never by its name or declared type. Refusals are
 * domain errors answered by the error table: not multipart or a refused type 415, over 10 MB 413, a
 * body that cannot be parsed 400, no file 400 with the field's error.
 */
export async function readUpload<T extends string = AllowedContentType>(
  c: Context,
  field: string,
  accepts: AcceptedFiles<T> = DOCUMENT_FILES as unknown as AcceptedFiles<T>,
): Promise<{ file: { body: Buffer; fileName: string; contentType: T; size: number }; fields: Record<string, string> }> {
  const contentType = c.req.header('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw errors.unsupportedMediaType(MULTIPART_ONLY_MESSAGE);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw errors.malformedUpload(UNREADABLE_UPLOAD_MESSAGE);
  }
  const fields: Record<string, string> = {};
  form.forEach((value, key) => {
    if (typeof value === 'string' && !(key in fields)) fields[key] = value;
  });
  const entry = form.get(field);
  if (entry === null || typeof entry === 'string') {
    throw errors.validation(NO_FILE_MESSAGE, { [field]: [NO_FILE_MESSAGE] });
  }
  if (entry.size > MAX_UPLOAD_BYTES) throw errors.fileTooLarge(FILE_TOO_LARGE_MESSAGE);
  const content = Buffer.from(await entry.arrayBuffer());
  const sniffed = accepts.sniff(content.subarray(0, 16));
  if (!sniffed) throw errors.unsupportedMediaType(accepts.refusal);
  return {
    file: {
      body: content,
      // The use case decides the stored name from this and the sniffed type (storedFileName).
      fileName: entry.name,
      contentType: sniffed,
      size: content.length,
    },
    fields,
  };
}
