import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The envelope every stored file is written in (docs/decisions/0028-documents-encrypted-at-rest.md):
 * a random AES-256 data key per file encrypts its body with AES-256-GCM; the data key is stored
 * beside it wrapped (AES-256-GCM) by a master key of the keyring, whose id is stored too. Re-wrapping
 * the data key under another master key (a rotation) changes the header only.
 *
 * Version 1, all integers big-endian:
 *
 *   offset       size  field
 *   0            5     magic "EVENC" — no file signature starts so (JPEG FF D8 FF, PNG 89 50 4E 47,
 *                      PDF "%PDF-", HEIC "ftyp" at bytes 4–7: here bytes 4–7 are "C", the version,
 *                      the id's length and its first letter, never "ftyp")
 *   5            1     version (1)
 *   6            1     n: the master key id's length, 1 to 64
 *   7            n     the master key id (ASCII letters, digits, '.', '_', '-')
 *   7+n          12    the wrap's IV
 *   19+n         32    the data key, encrypted with the master key (AAD: bytes 0 to 7+n)
 *   51+n         16    the wrap's GCM tag
 *   67+n         7     the body's nonce prefix (random)
 *   74+n         …     the body: segments of 64 KiB of plain bytes, each sealed on its own with the
 *                      data key (ciphertext, then its 16-byte tag); nonce = prefix ‖ segment number
 *                      (4 bytes) ‖ 1 on the last segment, else 0. A file always has a last segment
 *                      (an empty file: one empty segment), so a body cut at a segment boundary is
 *                      found out, and no byte is handed on before its segment's tag is checked.
 *
 * Segments (as Tink's streaming AEAD does) let a 10 MB scan stream in and out without being held in
 * memory whole, and without releasing one unauthenticated byte.
 */

export const MAGIC = Buffer.from('EVENC', 'ascii');
export const FORMAT_VERSION = 1;
/** Plain bytes per body segment. */
export const SEGMENT_SIZE = 64 * 1024;
export const TAG_LENGTH = 16;
export const DATA_KEY_LENGTH = 32;
const WRAP_IV_LENGTH = 12;
const NONCE_PREFIX_LENGTH = 7;
export const MAX_KEY_ID_LENGTH = 64;
export const KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** Bytes of a header besides its key id. */
const FIXED_HEADER_LENGTH = MAGIC.length + 1 + 1 + WRAP_IV_LENGTH + DATA_KEY_LENGTH + TAG_LENGTH + NONCE_PREFIX_LENGTH;
/** Bytes needed to know a header's length. */
export const HEADER_PREFIX_LENGTH = MAGIC.length + 2;

/** A master key of the keyring. */
export interface MasterKey {
  id: string;
  key: Buffer;
}

export interface EnvelopeHeader {
  version: number;
  keyId: string;
  wrapIv: Buffer;
  wrappedKey: Buffer;
  wrapTag: Buffer;
  noncePrefix: Buffer;
  /** Bytes the header takes in the stored object. */
  length: number;
}

/** A stored object that cannot be read as an envelope: cut short, or changed after it was written. */
export class DamagedEnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DamagedEnvelopeError';
  }
}

/** The master key could not open the data key: it is not the key the file was stored with. */
export class WrongMasterKeyError extends Error {
  constructor(readonly keyId: string) {
    super(`the file encryption key "${keyId}" does not open this file's data key`);
    this.name = 'WrongMasterKeyError';
  }
}

/** Whether stored bytes begin as an envelope does (false for files stored before encryption). */
export function isEnvelope(head: Buffer): boolean {
  return head.length >= MAGIC.length && head.subarray(0, MAGIC.length).equals(MAGIC);
}

export function headerLength(keyIdLength: number): number {
  return FIXED_HEADER_LENGTH + keyIdLength;
}

/** The header's length from its first HEADER_PREFIX_LENGTH bytes. */
export function headerLengthOf(prefix: Buffer): number {
  if (!isEnvelope(prefix) || prefix.length < HEADER_PREFIX_LENGTH) throw new DamagedEnvelopeError('its encryption header is cut short');
  const version = prefix[MAGIC.length]!;
  if (version !== FORMAT_VERSION) throw new DamagedEnvelopeError(`its encryption header has version ${version}, which this version of the agency cannot read`);
  const idLength = prefix[MAGIC.length + 1]!;
  if (idLength < 1 || idLength > MAX_KEY_ID_LENGTH) throw new DamagedEnvelopeError('its encryption header is damaged (key id length)');
  return headerLength(idLength);
}

/** Segments a body of `plainSize` bytes is sealed in. */
export function segmentCount(plainSize: number): number {
  return Math.max(1, Math.ceil(plainSize / SEGMENT_SIZE));
}

/** Bytes stored for a plain file of `plainSize` bytes under a key id of `keyIdLength` characters. */
export function storedSize(plainSize: number, keyIdLength: number): number {
  return headerLength(keyIdLength) + plainSize + TAG_LENGTH * segmentCount(plainSize);
}

/** The plain size of a stored envelope of `stored` bytes whose header takes `header` bytes. */
export function plainSize(stored: number, header: number): number {
  const body = stored - header;
  const segments = Math.max(1, Math.ceil(body / (SEGMENT_SIZE + TAG_LENGTH)));
  return Math.max(0, body - TAG_LENGTH * segments);
}

/** The authenticated data of a key wrap: everything before the wrap's IV. */
function wrapAad(keyId: string): Buffer {
  const id = Buffer.from(keyId, 'ascii');
  return Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION, id.length]), id]);
}

/** The header of a file whose data key is `dataKey`, wrapped under `master`. */
export function sealHeader(dataKey: Buffer, master: MasterKey, noncePrefix: Buffer = randomBytes(NONCE_PREFIX_LENGTH)): Buffer {
  if (!KEY_ID_PATTERN.test(master.id)) throw new Error(`Invalid file encryption key id: ${JSON.stringify(master.id)}`);
  const aad = wrapAad(master.id);
  const wrapIv = randomBytes(WRAP_IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', master.key, wrapIv, { authTagLength: TAG_LENGTH });
  cipher.setAAD(aad);
  const wrappedKey = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([aad, wrapIv, wrappedKey, cipher.getAuthTag(), noncePrefix]);
}

/** Reads a whole header (`bytes` holds at least headerLengthOf(bytes) bytes). */
export function parseHeader(bytes: Buffer): EnvelopeHeader {
  const length = headerLengthOf(bytes);
  if (bytes.length < length) throw new DamagedEnvelopeError('its encryption header is cut short');
  const idLength = bytes[MAGIC.length + 1]!;
  let at = HEADER_PREFIX_LENGTH;
  const take = (n: number) => bytes.subarray(at, (at += n));
  const keyId = take(idLength).toString('ascii');
  if (!KEY_ID_PATTERN.test(keyId)) throw new DamagedEnvelopeError('its encryption header is damaged (key id)');
  return { version: FORMAT_VERSION, keyId, wrapIv: take(WRAP_IV_LENGTH), wrappedKey: take(DATA_KEY_LENGTH), wrapTag: take(TAG_LENGTH), noncePrefix: take(NONCE_PREFIX_LENGTH), length };
}

/** The file's data key, opened with `master` (the key the header names). */
export function openDataKey(header: EnvelopeHeader, master: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', master, header.wrapIv, { authTagLength: TAG_LENGTH });
  decipher.setAAD(wrapAad(header.keyId));
  decipher.setAuthTag(header.wrapTag);
  try {
    return Buffer.concat([decipher.update(header.wrappedKey), decipher.final()]);
  } catch {
    throw new WrongMasterKeyError(header.keyId);
  }
}

function nonce(prefix: Buffer, segment: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(segment, NONCE_PREFIX_LENGTH);
  n[11] = last ? 1 : 0;
  return n;
}

function sealSegment(dataKey: Buffer, prefix: Buffer, segment: number, last: boolean, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', dataKey, nonce(prefix, segment, last), { authTagLength: TAG_LENGTH });
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function openSegment(dataKey: Buffer, prefix: Buffer, segment: number, last: boolean, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', dataKey, nonce(prefix, segment, last), { authTagLength: TAG_LENGTH });
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_LENGTH));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_LENGTH)), decipher.final()]);
  } catch {
    throw new DamagedEnvelopeError(`its body does not match its seal (segment ${segment + 1}): it was changed or cut short after it was written`);
  }
}

function asBuffer(chunk: unknown): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
}

/**
 * The stored bytes of `plain` under a fresh data key wrapped by `master`: the header, then the
 * sealed segments as the plain bytes arrive. `counted` is told the plain bytes read so far.
 */
export async function* sealStream(plain: AsyncIterable<unknown> | Iterable<unknown>, master: MasterKey, counted: (bytes: number) => void = () => undefined): AsyncGenerator<Buffer> {
  const dataKey = randomBytes(DATA_KEY_LENGTH);
  const header = sealHeader(dataKey, master);
  const prefix = header.subarray(header.length - NONCE_PREFIX_LENGTH);
  yield header;
  let pending: Buffer = Buffer.alloc(0);
  let segment = 0;
  let total = 0;
  for await (const chunk of plain) {
    const bytes = asBuffer(chunk);
    total += bytes.length;
    counted(total);
    pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
    // A segment is sealed as not-last only once a byte after it has arrived.
    while (pending.length > SEGMENT_SIZE) {
      yield sealSegment(dataKey, prefix, segment, false, pending.subarray(0, SEGMENT_SIZE));
      segment += 1;
      pending = pending.subarray(SEGMENT_SIZE);
    }
  }
  yield sealSegment(dataKey, prefix, segment, true, pending);
}

/**
 * The plain bytes of an envelope's body (the stored bytes after the header), each segment handed on
 * only once its tag is checked. A body cut short or changed throws DamagedEnvelopeError.
 */
export async function* openStream(body: AsyncIterable<unknown>, dataKey: Buffer, header: EnvelopeHeader): AsyncGenerator<Buffer> {
  const sealedSize = SEGMENT_SIZE + TAG_LENGTH;
  let pending: Buffer = Buffer.alloc(0);
  let segment = 0;
  for await (const chunk of body) {
    const bytes = asBuffer(chunk);
    pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
    while (pending.length > sealedSize) {
      yield openSegment(dataKey, header.noncePrefix, segment, false, pending.subarray(0, sealedSize));
      segment += 1;
      pending = pending.subarray(sealedSize);
    }
  }
  if (pending.length < TAG_LENGTH) throw new DamagedEnvelopeError('its body is cut short');
  const last = openSegment(dataKey, header.noncePrefix, segment, true, pending);
  if (last.length > 0) yield last;
}
