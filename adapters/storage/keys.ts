import { Readable } from 'node:stream';

/**
 * Storage keys are chosen by the core (random, never the uploader's file name), but every adapter
 * still refuses anything that could escape its folder or bucket prefix: segments of letters,
 * digits, '.', '_' and '-', separated by single '/', no '.'/'..' segments, at most 512 characters.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export class UnsafeStorageKeyError extends Error {
  constructor(key: string) {
    super(`Unsafe storage key: ${JSON.stringify(key)}`);
    this.name = 'UnsafeStorageKeyError';
  }
}

export function assertSafeKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw new UnsafeStorageKeyError(String(key));
  const segments = key.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..' || segment.endsWith('.meta.json')) {
      throw new UnsafeStorageKeyError(key);
    }
  }
  return key;
}

/** Reads a whole body (a Buffer is returned as is). */
export async function toBuffer(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** A stream over a buffer: a new one per read. */
export function bufferStream(buffer: Buffer): Readable {
  return Readable.from([buffer]);
}

/** The content type recorded when the caller gives none (should not happen: the core sniffs it). */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
