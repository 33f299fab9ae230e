import { errors, type DomainError } from '../../core/domain/errors.js';
import type { Translate } from '../shared/guard.js';
import { errorChain, errorCodes } from '../shared/error-chain.js';

// File storage's failures as the domain's Unavailable('storage'), one table per kind of store. A
// missing file is no outage: the adapters answer null/false for it before anything reaches here.

export const STORAGE_UNAVAILABLE_MESSAGE = 'File storage is unavailable. Please try again later.';

export function storageUnavailable(): DomainError {
  return errors.unavailable('storage', STORAGE_UNAVAILABLE_MESSAGE);
}

/** The store has no room left for the file: a full disk or quota, a full MinIO. */
export function storageFull(): DomainError {
  return errors.unavailable('storage', 'File storage is full: there is no room left to store the file (free some space or grow the disk)', { full: true });
}

/** The disk has no room left (ENOSPC), or the user's quota is used up (EDQUOT). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** The disk cannot take or give files right now: read-only, refused, broken, out of handles. */
const DISK_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'EIO', 'EMFILE', 'ENFILE']);

/** A local folder's failures (FilesystemFileStorage). */
export const diskUnavailable: Translate = (error) => {
  const codes = errorCodes(error);
  if (codes.some((c) => DISK_FULL_CODES.has(c))) return storageFull();
  return codes.some((c) => DISK_CODES.has(c)) ? storageUnavailable() : null;
};

/** The S3 server cannot be reached (network codes) or says it cannot serve now (its error codes). */
const S3_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_SOCKET',
  'ServiceUnavailable',
  'InternalError',
  'SlowDown',
  'RequestTimeout',
]);
/** The minio client's own words when it gave up on a server. */
const S3_DOWN_MESSAGE = /Retryable HTTP status|Request failed after \d+ retries|socket hang up/;

/** MinIO's answer when its drives are full (HTTP 507), and a quota reached. */
const S3_FULL_CODES = new Set(['XMinioStorageFull', 'XMinioAdminBucketQuotaExceeded']);

/** An S3-compatible store's failures (MinioFileStorage). */
export const s3Unavailable: Translate = (error) => {
  if (errorCodes(error).some((c) => S3_FULL_CODES.has(c))) return storageFull();
  return errorCodes(error).some((c) => S3_DOWN_CODES.has(c)) || errorChain(error).some((e) => typeof e.message === 'string' && S3_DOWN_MESSAGE.test(e.message)) ? storageUnavailable() : null;
};
