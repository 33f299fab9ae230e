import { Readable } from 'node:stream';
import { errors } from '../../../core/domain/errors.js';
import type { FileEncryption } from '../../../core/ports/file-encryption.js';
import type { FileStorage, StoredFileInfo } from '../../../core/ports/file-storage.js';
import { assertSafeKey, toBuffer } from '../keys.js';
import {
  DamagedEnvelopeError,
  HEADER_PREFIX_LENGTH,
  headerLengthOf,
  isEnvelope,
  MAGIC,
  openDataKey,
  openStream,
  parseHeader,
  plainSize,
  sealHeader,
  sealStream,
  storedSize,
  WrongMasterKeyError,
  type EnvelopeHeader,
} from './envelope.js';
import type { FileKeyring } from './keyring.js';

export { FileKeyring, FileKeyringError, loadOrCreateFileKeyring, newFileKeyringText, parseFileKeyring } from './keyring.js';
export { isEnvelope } from './envelope.js';

/**
 * Any FileStorage (a local folder, an S3 bucket, memory) with every file encrypted at rest
 * (docs/decisions/0028-documents-encrypted-at-rest.md; the format in ./envelope.ts): put() stores
 * the envelope of the body — a fresh data key per file, wrapped by the keyring's current key —
 * and get() opens it with the key its header names. A file stored before encryption (plain bytes:
 * no envelope's magic) is read as it is until `evisa encrypt-files` encrypts it.
 *
 * A file whose key the keyring does not hold (an unknown id, or another key under that id) is
 * refused with the domain's Undecryptable naming the key id, before a byte of it is handed on.
 * Sizes are the plain sizes; names, types and keys are the inner store's, unchanged.
 */
export class EncryptedFileStorage implements FileStorage, FileEncryption {
  constructor(
    readonly inner: FileStorage,
    private readonly keyring: FileKeyring,
  ) {}

  get currentKeyId(): string {
    return this.keyring.current.id;
  }

  async put(key: string, body: Readable | Buffer, meta: { contentType: string; fileName: string; size?: number }): Promise<StoredFileInfo> {
    assertSafeKey(key);
    const master = this.keyring.current;
    let plainBytes = 0;
    const sealed = Readable.from(
      sealStream(Buffer.isBuffer(body) ? [body] : body, master, (n) => (plainBytes = n)),
      { objectMode: false },
    );
    const size = meta.size === undefined ? undefined : storedSize(meta.size, master.id.length);
    const info = await this.inner.put(key, sealed, { contentType: meta.contentType, fileName: meta.fileName, size });
    return { ...info, size: plainBytes };
  }

  /** The stored object as it is (the same data key under the same wrap): a hard link where the store makes one. */
  copy(from: string, key: string): Promise<boolean> {
    return this.inner.copy(from, key);
  }

  async get(key: string): Promise<{ body: Readable; info: StoredFileInfo } | null> {
    const found = await this.inner.get(key);
    if (!found) return null;
    const iterator = found.body[Symbol.asyncIterator]() as AsyncIterator<unknown>;
    try {
      let head = Buffer.alloc(0);
      let ended = false;
      const readUpTo = async (length: number) => {
        while (!ended && head.length < length) {
          const next = await iterator.next();
          if (next.done) ended = true;
          else head = Buffer.concat([head, asBuffer(next.value)]);
        }
      };
      await readUpTo(HEADER_PREFIX_LENGTH);
      if (!isEnvelope(head)) {
        // Stored before encryption: its bytes as they are.
        return { body: streamOf(continued(head, iterator, ended), iterator), info: found.info };
      }
      const header = readHeader(key, () => headerLengthOf(head));
      await readUpTo(header);
      const envelope = readHeader(key, () => parseHeader(head));
      const dataKey = this.dataKeyOf(key, envelope);
      const plain = opened(key, continued(head.subarray(envelope.length), iterator, ended), dataKey, envelope);
      // The first segment is opened before answering: a damaged small file (one segment: up to
      // 64 KiB) fails here, before its reader has answered anything; a later segment fails its stream.
      const first = await plain.next();
      return { body: streamOf(startingWith(first, plain), iterator), info: { ...found.info, size: plainSize(found.info.size, envelope.length) } };
    } catch (error) {
      await iterator.return?.();
      throw error;
    }
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }

  exists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }

  list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    return this.inner.list();
  }

  async encrypt(key: string): Promise<'encrypted' | 'encrypted-already' | 'empty' | 'missing'> {
    const found = await this.inner.get(key);
    if (!found) return 'missing';
    // Read whole before it is replaced (a document is at most a few MB): no store reads and
    // rewrites the same object at once.
    const plain = await toBuffer(found.body);
    if (isEnvelope(plain)) return 'encrypted-already';
    if (plain.length === 0) return 'empty';
    const master = this.keyring.current;
    const sealed = Readable.from(sealStream([plain], master), { objectMode: false });
    await this.inner.put(key, sealed, { contentType: found.info.contentType, fileName: found.info.fileName, size: storedSize(plain.length, master.id.length) });
    return 'encrypted';
  }

  async rewrap(key: string): Promise<'rewrapped' | 'current' | 'plain' | 'missing'> {
    const found = await this.inner.get(key);
    if (!found) return 'missing';
    const stored = await toBuffer(found.body);
    if (!isEnvelope(stored)) return 'plain';
    const header = readHeader(key, () => parseHeader(stored));
    const master = this.keyring.current;
    if (header.keyId === master.id) return 'current';
    const dataKey = this.dataKeyOf(key, header);
    // The same data key and body nonce, the body's bytes as they were: only the header changes.
    const rewrapped = Buffer.concat([sealHeader(dataKey, master, header.noncePrefix), stored.subarray(header.length)]);
    await this.inner.put(key, rewrapped, { contentType: found.info.contentType, fileName: found.info.fileName, size: rewrapped.length });
    return 'rewrapped';
  }

  /** The inner store's own close(), if it has one. */
  async close(): Promise<void> {
    const close = (this.inner as { close?: () => unknown }).close;
    if (typeof close === 'function') await close.call(this.inner);
  }

  /** The file's data key, or Undecryptable naming the key id the keyring cannot open it with. */
  private dataKeyOf(key: string, header: EnvelopeHeader): Buffer {
    const master = this.keyring.key(header.keyId);
    if (!master) {
      throw errors.undecryptable(
        header.keyId,
        `Stored file ${key} is encrypted under the file encryption key "${header.keyId}", which is not in the keyring (${this.keyring.source} holds ${this.keyring.ids.map((id) => `"${id}"`).join(', ')}).`,
      );
    }
    try {
      return openDataKey(header, master);
    } catch (error) {
      if (!(error instanceof WrongMasterKeyError)) throw error;
      throw errors.undecryptable(
        header.keyId,
        `The file encryption key "${header.keyId}" in ${this.keyring.source} does not open stored file ${key}: it is another key than the one the file was encrypted with.`,
      );
    }
  }
}

function asBuffer(chunk: unknown): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
}

/** `first`, then the rest of `iterator`; the stream under it is closed however the reading ends. */
async function* continued(first: Buffer, iterator: AsyncIterator<unknown>, ended: boolean): AsyncGenerator<Buffer> {
  try {
    if (first.length > 0) yield first;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield asBuffer(next.value);
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * A readable stream of `chunks` that closes the stored object's stream under it however it ends —
 * read to the end, failed, or destroyed before a byte was read (a generator never started runs no
 * `finally` of its own).
 */
function streamOf(chunks: AsyncGenerator<Buffer>, stored: AsyncIterator<unknown>): Readable {
  const stream = Readable.from(chunks, { objectMode: false });
  stream.once('close', () => void Promise.resolve(stored.return?.()).catch(() => undefined));
  return stream;
}

/** A generator's first result (taken already), then the rest of it. */
async function* startingWith(first: IteratorResult<Buffer>, rest: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

/** The plain bytes of an envelope's body; a damaged body fails naming the file. */
async function* opened(key: string, body: AsyncIterable<Buffer>, dataKey: Buffer, header: EnvelopeHeader): AsyncGenerator<Buffer> {
  try {
    yield* openStream(body, dataKey, header);
  } catch (error) {
    throw damaged(key, error);
  }
}

function readHeader<T>(key: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw damaged(key, error);
  }
}

function damaged(key: string, error: unknown): unknown {
  return error instanceof DamagedEnvelopeError ? new DamagedEnvelopeError(`Stored file ${key} cannot be decrypted: ${error.message}.`) : error;
}

/** The magic bytes every encrypted object begins with (tests look for them). */
export const ENVELOPE_MAGIC = MAGIC;

/**
 * The encryption of `files`: itself when it is an EncryptedFileStorage (what the composition root
 * opens, always); otherwise (a store a caller gave the agency as it is: a test double) one that
 * refuses both migrations, since nothing would encrypt what it stores.
 */
export function fileEncryptionOf(files: FileStorage): FileEncryption {
  if (files instanceof EncryptedFileStorage) return files;
  const refuse = async (): Promise<never> => {
    throw new Error('The file store given to this agency keeps files as they are (it is not an EncryptedFileStorage): there is no key to encrypt them under.');
  };
  return { currentKeyId: '', encrypt: refuse, rewrap: refuse };
}
