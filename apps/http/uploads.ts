import type { Context, MiddlewareHandler } from 'hono';
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_UPLOAD_BYTES, sniffContentType, type AllowedContentType } from '../../core/domain/document.js';
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

/** A file read from an upload, its type sniffed from its content. */
export interface ReadFile<T extends string> {
  body: Buffer;
  /** The client's name: the use case decides the stored name from it and the sniffed type (storedFileName). */
  fileName: string;
  contentType: T;
  size: number;
}

/** The multipart form of the request, with its text fields (the first value of each). */
async function readForm(c: Context): Promise<{ form: FormData; fields: Record<string, string> }> {
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
  return { form, fields };
}

/** One file of the form: over 10 MB 413, a type `accepts` refuses 415. */
async function readFile<T extends string>(entry: File, accepts: AcceptedFiles<T>): Promise<ReadFile<T>> {
  if (entry.size > MAX_UPLOAD_BYTES) throw errors.fileTooLarge(FILE_TOO_LARGE_MESSAGE);
  const content = Buffer.from(await entry.arrayBuffer());
  const sniffed = accepts.sniff(content.subarray(0, 16));
  if (!sniffed) throw errors.unsupportedMediaType(accepts.refusal);
  return { body: content, fileName: entry.name, contentType: sniffed, size: content.length };
}

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
): Promise<{ file: ReadFile<T>; fields: Record<string, string> }> {
  const { form, fields } = await readForm(c);
  const entry = form.get(field);
  if (entry === null || typeof entry === 'string') {
    throw errors.validation(NO_FILE_MESSAGE, { [field]: [NO_FILE_MESSAGE] });
  }
  return { file: await readFile(entry, accepts), fields };
}

/**
 * Reads a multipart upload of none to `maxFiles` files in `field` (JPG, PNG or PDF by their
 * content), plus the text fields, with the same refusals as readUpload; more files than
 * `maxFiles` is a 400 on the field (`tooMany`), before any is read.
 */
export async function readUploads(
  c: Context,
  field: string,
  { maxFiles, tooMany }: { maxFiles: number; tooMany: string },
): Promise<{ files: ReadFile<AllowedContentType>[]; fields: Record<string, string> }> {
  const { form, fields } = await readForm(c);
  // A form's empty file control sends a part with no name and no bytes: nothing was chosen.
  const entries = form.getAll(field).filter((entry): entry is File => typeof entry !== 'string' && !(entry.size === 0 && entry.name === ''));
  if (entries.length > maxFiles) throw errors.validation(tooMany, { [field]: [tooMany] });
  const files: ReadFile<AllowedContentType>[] = [];
  for (const entry of entries) files.push(await readFile(entry, DOCUMENT_FILES));
  return { files, fields };
}
