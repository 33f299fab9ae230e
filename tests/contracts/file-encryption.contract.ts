import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from '../../core/domain/errors.js';
import { sniffPassportImageType } from '../../core/domain/passport-scan.js';
import type { FileStorage } from '../../core/ports/file-storage.js';
import { EncryptedFileStorage, parseFileKeyring } from '../../adapters/storage/encrypted/index.js';
import { parseHeader, SEGMENT_SIZE } from '../../adapters/storage/encrypted/envelope.js';

export interface EncryptedStoreHarness {
  /** The store the encryption writes into, used as it is: what was there before encryption. */
  inner: FileStorage;
  /**
   * Every byte the store keeps, as a copy of its disk or bucket holds them, by where it is kept:
   * the objects and whatever the store keeps beside them (sidecars, metadata).
   */
  rawFiles(): Promise<Map<string, Buffer>>;
  /** The stored bytes of one object, as the store keeps them. */
  rawObject(key: string): Promise<Buffer>;
  close?: () => Promise<void>;
}

const keyText = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function chunked(buffer: Buffer, chunkSize: number): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < buffer.length; i += chunkSize) chunks.push(buffer.subarray(i, i + chunkSize));
  return Readable.from(chunks);
}

/** What a passport scan or a visa holds that must never be read from the store: a name and an MRZ line. */
const SECRET_TEXT = 'P<GBRTRAVELLER<<JANE<MARY<<<<<<<<<<<<<<<<<<<<';

/** Documents as they are uploaded: each begins with its file signature and holds SECRET_TEXT and random bytes. */
function documents(): { name: string; contentType: string; body: Buffer; secret: Buffer }[] {
  const make = (signature: Buffer, size: number) => {
    const secret = randomBytes(48);
    const filler = randomBytes(size);
    return { body: Buffer.concat([signature, Buffer.from(SECRET_TEXT), secret, filler, Buffer.from(SECRET_TEXT)]), secret };
  };
  return [
    { name: 'passport.jpg', contentType: 'image/jpeg', ...make(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), 200_000) },
    { name: 'passport.png', contentType: 'image/png', ...make(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 70_000) },
    { name: 'visa.pdf', contentType: 'application/pdf', ...make(Buffer.from('%PDF-1.7\n'), 3_000) },
    { name: 'IMG_0001.heic', contentType: 'image/heic', ...make(Buffer.from([0x00, 0x00, 0x00, 0x18, ...Buffer.from('ftypheic'), 0, 0, 0, 0, ...Buffer.from('mif1heic')]), 100) },
  ];
}

/** A file signature the bytes begin with (JPEG, PNG, PDF, HEIC or any ISO-BMFF `ftyp` box), or null. */
function signatureOf(bytes: Buffer): string | null {
  const sniffed = sniffPassportImageType(bytes.subarray(0, 16));
  if (sniffed) return sniffed;
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'iso-bmff';
  return null;
}

async function undecryptable(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isDomainError(error, 'Undecryptable'), String(error)).toBe(true);
  return error as DomainError;
}

/**
 * Documents encrypted at rest (docs/decisions/0028), on each store: what the store keeps — read
 * as a copy of its disk or bucket would be — holds no file signature and no byte of a document;
 * what is read back is byte-identical; keys rotate; a key the keyring lacks is refused by its id.
 */
export function describeFileEncryptionContract(name: string, open: () => Promise<EncryptedStoreHarness>): void {
  describe(`documents encrypted at rest: ${name}`, () => {
    let harness: EncryptedStoreHarness;
    let n = 0;
    const key = (prefix: string) => `${prefix}/${Date.now().toString(36)}-${(n += 1)}-${randomBytes(4).toString('hex')}.bin`;
    beforeAll(async () => {
      harness = await open();
    });
    afterAll(async () => {
      await harness?.close?.();
    });
    const encrypted = (keys: string) => new EncryptedFileStorage(harness.inner, parseFileKeyring(keys));

    it('keeps no file signature and no byte of a document: not at the start of any stored file, not anywhere in it', async () => {
      const store = encrypted(keyText('k1'));
      const stored: { key: string; body: Buffer; secret: Buffer }[] = [];
      for (const doc of documents()) {
        const k = key('passports');
        await store.put(k, chunked(doc.body, 16_384), { contentType: doc.contentType, fileName: doc.name });
        stored.push({ key: k, body: doc.body, secret: doc.secret });
        const raw = await harness.rawObject(k);
        expect(raw.subarray(0, 5).toString('latin1')).toBe('EVENC');
        expect(signatureOf(raw), k).toBeNull();
        expect(raw.length).toBeGreaterThan(doc.body.length);
      }
      const files = await harness.rawFiles();
      expect(files.size).toBeGreaterThanOrEqual(stored.length);
      for (const [where, bytes] of files) {
        expect(signatureOf(bytes), where).toBeNull();
        expect(bytes.includes(SECRET_TEXT), where).toBe(false);
        for (const { secret } of stored) expect(bytes.includes(secret.subarray(0, 16)), where).toBe(false);
      }
      // And each reads back whole.
      for (const { key: k, body } of stored) expect((await read((await store.get(k))!.body)).equals(body)).toBe(true);
    });

    it.each([0, 1, SEGMENT_SIZE - 1, SEGMENT_SIZE, SEGMENT_SIZE + 1, 3 * SEGMENT_SIZE + 5, 1_536_000])('reads %i bytes back byte-identical, with their plain size', async (size) => {
      const store = encrypted(keyText('k1'));
      const body = randomBytes(size);
      const k = key('sizes');
      const info = await store.put(k, size % 2 === 0 ? body : chunked(body, 10_000), { contentType: 'application/pdf', fileName: 'visa.pdf', size });
      expect(info).toEqual({ key: k, size, contentType: 'application/pdf', fileName: 'visa.pdf' });
      const got = await store.get(k);
      expect(got!.info).toEqual({ key: k, size, contentType: 'application/pdf', fileName: 'visa.pdf' });
      expect((await read(got!.body)).equals(body)).toBe(true);
    });

    it('gives each file a data key of its own: the same document stored twice is stored as different bytes', async () => {
      const store = encrypted(keyText('k1'));
      const body = randomBytes(5_000);
      const [a, b] = [key('twice'), key('twice')];
      await store.put(a, body, { contentType: 'image/png', fileName: 'a.png' });
      await store.put(b, body, { contentType: 'image/png', fileName: 'b.png' });
      const [rawA, rawB] = [await harness.rawObject(a), await harness.rawObject(b)];
      expect(rawA.length).toBe(rawB.length);
      expect(rawA.equals(rawB)).toBe(false);
      expect(parseHeader(rawA).wrappedKey.equals(parseHeader(rawB).wrappedKey)).toBe(false);
    });

    it('rotates: every data key re-wrapped under the new first key, the encrypted bodies unchanged; the new key alone reads every file', async () => {
      const k1 = keyText('k1');
      const k2 = keyText('k2');
      const before = encrypted(k1);
      const files = await Promise.all(
        documents().map(async (doc) => {
          const k = key('rotate');
          await before.put(k, doc.body, { contentType: doc.contentType, fileName: doc.name });
          return { key: k, body: doc.body, raw: await harness.rawObject(k) };
        }),
      );
      const during = encrypted(`${k2},${k1}`);
      // New files go under the new key at once; old ones still open.
      const added = key('rotate');
      const addedBody = randomBytes(1_000);
      await during.put(added, addedBody, { contentType: 'image/png', fileName: 'new.png' });
      expect(parseHeader(await harness.rawObject(added)).keyId).toBe('k2');
      for (const file of files) expect((await read((await during.get(file.key))!.body)).equals(file.body)).toBe(true);

      for (const file of files) expect(await during.rewrap(file.key)).toBe('rewrapped');
      expect(await during.rewrap(added)).toBe('current');
      for (const file of files) {
        const raw = await harness.rawObject(file.key);
        const [oldHeader, newHeader] = [parseHeader(file.raw), parseHeader(raw)];
        expect([oldHeader.keyId, newHeader.keyId]).toEqual(['k1', 'k2']);
        expect(raw.subarray(newHeader.length).equals(file.raw.subarray(oldHeader.length))).toBe(true);
        expect(await during.rewrap(file.key)).toBe('current');
      }

      const after = encrypted(k2);
      for (const file of [...files, { key: added, body: addedBody }]) {
        const got = await after.get(file.key);
        expect(got!.info.size).toBe(file.body.length);
        expect((await read(got!.body)).equals(file.body)).toBe(true);
      }
      // The old key alone opens none of them now.
      const error = await undecryptable(encrypted(k1).get(files[0]!.key));
      expect(error.data).toMatchObject({ type: 'Undecryptable', keyId: 'k2' });
      expect(error.message).toContain('"k2", which is not in the keyring (FILE_ENCRYPTION_KEYS holds "k1")');
    });

    it('a key id the keyring lacks, or another key under the same id: Undecryptable naming the key id, not a byte read', async () => {
      const store = encrypted(keyText('k7'));
      const k = key('keys');
      await store.put(k, documents()[0]!.body, { contentType: 'image/jpeg', fileName: 'passport.jpg' });

      const unknown = await undecryptable(encrypted(keyText('k8')).get(k));
      expect(unknown.data).toMatchObject({ keyId: 'k7' });
      expect(unknown.message).toMatch(/file encryption key "k7", which is not in the keyring/);

      const wrong = await undecryptable(encrypted(keyText('k7')).get(k));
      expect(wrong.data).toMatchObject({ keyId: 'k7' });
      expect(wrong.message).toMatch(/The file encryption key "k7" in FILE_ENCRYPTION_KEYS does not open stored file/);

      // Rotation cannot re-wrap what it cannot open either; the file is left as it was.
      const raw = await harness.rawObject(k);
      await undecryptable(encrypted(`${keyText('k9')},${keyText('k7')}`).rewrap(k));
      expect((await harness.rawObject(k)).equals(raw)).toBe(true);
    });

    it('reads a file stored before encryption as it is; encrypt() encrypts it in place, once', async () => {
      const store = encrypted(keyText('k1'));
      const doc = documents()[2]!;
      const k = key('legacy');
      await harness.inner.put(k, doc.body, { contentType: doc.contentType, fileName: 'visa (1).pdf' });
      const plain = await store.get(k);
      expect(plain!.info).toEqual({ key: k, size: doc.body.length, contentType: 'application/pdf', fileName: 'visa (1).pdf' });
      expect((await read(plain!.body)).equals(doc.body)).toBe(true);
      expect(await store.rewrap(k)).toBe('plain');

      expect(await store.encrypt(k)).toBe('encrypted');
      const raw = await harness.rawObject(k);
      expect(signatureOf(raw)).toBeNull();
      expect(raw.includes(SECRET_TEXT)).toBe(false);
      const got = await store.get(k);
      expect(got!.info).toEqual({ key: k, size: doc.body.length, contentType: 'application/pdf', fileName: 'visa (1).pdf' });
      expect((await read(got!.body)).equals(doc.body)).toBe(true);

      expect(await store.encrypt(k)).toBe('encrypted-already');
      expect((await harness.rawObject(k)).equals(raw)).toBe(true);
      expect(await store.encrypt(key('legacy'))).toBe('missing');
    });

    it('a stored body changed or cut short fails to read, and no byte of a changed segment is handed on', async () => {
      const store = encrypted(keyText('k1'));
      const body = randomBytes(2 * SEGMENT_SIZE + 100);
      const k = key('damaged');
      await store.put(k, body, { contentType: 'image/jpeg', fileName: 'scan.jpg' });
      const raw = await harness.rawObject(k);
      const header = parseHeader(raw).length;

      const flipped = Buffer.from(raw);
      flipped[header + 10] = flipped[header + 10]! ^ 0x01;
      await harness.inner.put(k, flipped, { contentType: 'image/jpeg', fileName: 'scan.jpg' });
      // The first segment is checked before get() answers: nothing is handed on.
      await expect(store.get(k)).rejects.toThrow(/Stored file .* cannot be decrypted: its body does not match its seal \(segment 1\)/);

      // A damage past the first segment: the first 64 KiB are handed on (checked), then the stream fails.
      const later = Buffer.from(raw);
      later[header + SEGMENT_SIZE + 16 + 5] = later[header + SEGMENT_SIZE + 16 + 5]! ^ 0x01;
      await harness.inner.put(k, later, { contentType: 'image/jpeg', fileName: 'scan.jpg' });
      const partly = (await store.get(k))!;
      const got: Buffer[] = [];
      await expect(
        (async () => {
          for await (const chunk of partly.body) got.push(chunk as Buffer);
        })(),
      ).rejects.toThrow(/\(segment 2\)/);
      expect(Buffer.concat(got)).toEqual(body.subarray(0, SEGMENT_SIZE));

      // Cut at a segment boundary: the last segment is missing, which its flag would have shown.
      await harness.inner.put(k, raw.subarray(0, header + SEGMENT_SIZE + 16), { contentType: 'image/jpeg', fileName: 'scan.jpg' });
      await expect((async () => read((await store.get(k))!.body))()).rejects.toThrow(/cannot be decrypted: its body does not match its seal \(segment 1\)/);
      // A small file (one segment) changed fails before get() answers.
      const small = key('damaged');
      await store.put(small, Buffer.from('%PDF-1.7 a visa'), { contentType: 'application/pdf', fileName: 'visa.pdf' });
      const smallRaw = await harness.rawObject(small);
      smallRaw[smallRaw.length - 1] = smallRaw[smallRaw.length - 1]! ^ 0x01;
      await harness.inner.put(small, smallRaw, { contentType: 'application/pdf', fileName: 'visa.pdf' });
      await expect(store.get(small)).rejects.toThrow(/Stored file .* cannot be decrypted: its body does not match its seal \(segment 1\)/);
    });
  });
}
