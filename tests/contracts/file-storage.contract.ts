import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../core/ports/file-storage.js';

export interface FileStorageHarness {
  storage: FileStorage;
  close?: () => Promise<void>;
}

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A body that arrives in several chunks, like an upload being streamed from a request. */
function chunked(buffer: Buffer, chunkSize = 64 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < buffer.length; i += chunkSize) chunks.push(buffer.subarray(i, i + chunkSize));
  return Readable.from(chunks);
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(512)]);

/**
 * The FileStorage contract: every adapter (memory, filesystem, MinIO) must pass it. Checks what is
 * stored and read back, never which calls were made.
 */
export function describeFileStorageContract(name: string, open: () => Promise<FileStorageHarness>): void {
  describe(`FileStorage contract: ${name}`, () => {
    let harness: FileStorageHarness;
    let storage: FileStorage;
    let n = 0;
    const key = (prefix = 'documents') => `${prefix}/${Date.now().toString(36)}-${(n += 1)}-${randomBytes(4).toString('hex')}.bin`;

    beforeAll(async () => {
      harness = await open();
      storage = harness.storage;
    });
    afterAll(async () => {
      await harness?.close?.();
    });

    it('answers ping with true while the store can be reached', async () => {
      expect(await storage.ping()).toBe(true);
    });

    it('lists every stored file with when it was written; deleted ones and metadata are not listed', async () => {
      const kept = key('listing');
      const gone = key('listing');
      const before = Date.now();
      await storage.put(kept, PDF, { contentType: 'application/pdf', fileName: 'kept.pdf' });
      await storage.put(gone, PNG, { contentType: 'image/png', fileName: 'gone.png' });
      await storage.delete(gone);
      const listed = new Map<string, Date>();
      for await (const entry of storage.list()) listed.set(entry.key, entry.modifiedAt);
      expect(listed.has(kept)).toBe(true);
      expect(listed.has(gone)).toBe(false);
      expect(Math.abs(listed.get(kept)!.getTime() - before)).toBeLessThan(60_000);
      expect([...listed.keys()].filter((k) => k.includes('meta'))).toEqual([]);
    });

    it('stores a buffer and reads back the same bytes, content type, size and original file name', async () => {
      const k = key();
      const info = await storage.put(k, PDF, { contentType: 'application/pdf', fileName: 'passport scan.pdf' });
      expect(info).toEqual({ key: k, size: PDF.length, contentType: 'application/pdf', fileName: 'passport scan.pdf' });
      const got = await storage.get(k);
      expect(got).not.toBeNull();
      expect(got!.info).toEqual({ key: k, size: PDF.length, contentType: 'application/pdf', fileName: 'passport scan.pdf' });
      expect((await read(got!.body)).equals(PDF)).toBe(true);
    });

    it('streams a multi-chunk body in and out (1.5 MB) and measures its size itself', async () => {
      const big = randomBytes(1_536_000);
      const k = key();
      const info = await storage.put(k, chunked(big), { contentType: 'image/png', fileName: 'big.png' });
      expect(info.size).toBe(big.length);
      const got = await storage.get(k);
      expect(got!.info.size).toBe(big.length);
      expect((await read(got!.body)).equals(big)).toBe(true);
    });

    it('keeps a non-ASCII original name (accents, Arabic, quotes) as metadata only', async () => {
      const k = key();
      const fileName = 'Pässport ‘copie’ جواز سفر "1".png';
      await storage.put(k, PNG, { contentType: 'image/png', fileName });
      const got = await storage.get(k);
      expect(got!.info.fileName).toBe(fileName);
      expect(got!.info.key).toBe(k);
      await read(got!.body);
    });

    it('answers null / false for a key that was never stored', async () => {
      const k = key();
      expect(await storage.get(k)).toBeNull();
      expect(await storage.exists(k)).toBe(false);
    });

    it('exists() follows put() and delete(); delete is idempotent', async () => {
      const k = key();
      await storage.put(k, PNG, { contentType: 'image/png', fileName: 'a.png' });
      expect(await storage.exists(k)).toBe(true);
      await storage.delete(k);
      expect(await storage.exists(k)).toBe(false);
      expect(await storage.get(k)).toBeNull();
      await expect(storage.delete(k)).resolves.toBeUndefined();
    });

    it('put() on an existing key replaces the bytes and the metadata', async () => {
      const k = key();
      await storage.put(k, PNG, { contentType: 'image/png', fileName: 'old.png' });
      await storage.put(k, PDF, { contentType: 'application/pdf', fileName: 'new.pdf' });
      const got = await storage.get(k);
      expect(got!.info).toEqual({ key: k, size: PDF.length, contentType: 'application/pdf', fileName: 'new.pdf' });
      expect((await read(got!.body)).equals(PDF)).toBe(true);
    });

    it('keeps files apart: deleting one key leaves its neighbours', async () => {
      const a = key('visas');
      const b = key('visas');
      await storage.put(a, PNG, { contentType: 'image/png', fileName: 'a.png' });
      await storage.put(b, PDF, { contentType: 'application/pdf', fileName: 'b.pdf' });
      await storage.delete(a);
      expect(await storage.exists(a)).toBe(false);
      expect(await storage.exists(b)).toBe(true);
      expect((await read((await storage.get(b))!.body)).equals(PDF)).toBe(true);
    });

    it('copy() stores the same bytes and metadata under a new key; each copy lives on when the other is deleted', async () => {
      const original = key('copies');
      const copied = key('copies');
      await storage.put(original, PNG, { contentType: 'image/png', fileName: 'scan.png' });
      expect(await storage.copy(original, copied)).toBe(true);
      await storage.delete(original);
      const got = await storage.get(copied);
      expect(got?.info).toEqual({ key: copied, size: PNG.length, contentType: 'image/png', fileName: 'scan.png' });
      expect(await read(got!.body)).toEqual(PNG);
      // Replacing the copy leaves nothing shared behind: a copy of the copy keeps the old bytes.
      const again = key('copies');
      await storage.copy(copied, again);
      await storage.put(copied, PDF, { contentType: 'application/pdf', fileName: 'visa.pdf' });
      expect(await read((await storage.get(again))!.body)).toEqual(PNG);
      expect(await read((await storage.get(copied))!.body)).toEqual(PDF);
      // A copy onto a stored key replaces it.
      expect(await storage.copy(again, copied)).toBe(true);
      expect((await storage.get(copied))?.info).toEqual({ key: copied, size: PNG.length, contentType: 'image/png', fileName: 'scan.png' });
      expect(await read((await storage.get(copied))!.body)).toEqual(PNG);
    });

    it('copy() of a key never stored answers false and writes nothing', async () => {
      const missing = key('copies');
      const target = key('copies');
      expect(await storage.copy(missing, target)).toBe(false);
      expect(await storage.exists(target)).toBe(false);
    });

    it('stores an empty file', async () => {
      const k = key();
      const info = await storage.put(k, Buffer.alloc(0), { contentType: 'application/pdf', fileName: 'empty.pdf' });
      expect(info.size).toBe(0);
      const got = await storage.get(k);
      expect(got!.info.size).toBe(0);
      expect((await read(got!.body)).length).toBe(0);
    });

    it('a body stream that fails half-way rejects put() and stores nothing under the key', async () => {
      const k = key();
      async function* failing() {
        yield randomBytes(1024);
        throw new Error('client went away');
      }
      await expect(storage.put(k, Readable.from(failing()), { contentType: 'image/png', fileName: 'broken.png' })).rejects.toThrow();
      expect(await storage.exists(k)).toBe(false);
      expect(await storage.get(k)).toBeNull();
    });

    it('a failed replacement keeps the previous file intact', async () => {
      const k = key();
      await storage.put(k, PDF, { contentType: 'application/pdf', fileName: 'kept.pdf' });
      async function* failing() {
        yield randomBytes(100);
        throw new Error('client went away');
      }
      await expect(storage.put(k, Readable.from(failing()), { contentType: 'image/png', fileName: 'broken.png' })).rejects.toThrow();
      const got = await storage.get(k);
      expect(got!.info.fileName).toBe('kept.pdf');
      expect((await read(got!.body)).equals(PDF)).toBe(true);
    });

    it.each([
      '../escape.pdf',
      'documents/../../escape.pdf',
      '/etc/passwd',
      'documents//double.pdf',
      'documents/./dot.pdf',
      '..',
      '',
      'back\\slash.pdf',
      'nul\u0000byte.pdf',
      'space name.pdf',
      'documents/x.pdf.meta.json',
    ])('refuses the unsafe key %j on every operation', async (bad) => {
      await expect(storage.put(bad, PNG, { contentType: 'image/png', fileName: 'x.png' })).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(bad)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.exists(bad)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(bad)).rejects.toThrow(/Unsafe storage key/);
    });

    it('handles concurrent uploads to different keys', async () => {
      const items = Array.from({ length: 8 }, (_, i) => ({ k: key('concurrent'), body: randomBytes(10_000 + i) }));
      await Promise.all(items.map(({ k, body }) => storage.put(k, chunked(body, 4096), { contentType: 'image/jpeg', fileName: `${k}.jpg` })));
      for (const { k, body } of items) {
        const got = await storage.get(k);
        expect((await read(got!.body)).equals(body)).toBe(true);
      }
    });
  });
}
