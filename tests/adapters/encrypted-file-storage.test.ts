import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from '../../adapters/storage/memory/index.js';
import { EncryptedFileStorage, fileEncryptionOf, loadOrCreateFileKeyring, parseFileKeyring } from '../../adapters/storage/encrypted/index.js';
import { headerLength, parseHeader, plainSize, SEGMENT_SIZE, storedSize } from '../../adapters/storage/encrypted/envelope.js';

const keyring = (id = 'k1') => parseFileKeyring(`${id}:${randomBytes(32).toString('base64')}`);

describe('the envelope (adapters/storage/encrypted/envelope.ts)', () => {
  it('begins with "EVENC", the version and the key id: never a JPEG, PNG or PDF start, never "ftyp" at bytes 4–7', async () => {
    const inner = new MemoryFileStorage();
    for (const id of ['k', 'ftyp', 'a'.repeat(64)]) {
      await new EncryptedFileStorage(inner, keyring(id)).put(`f-${id.length}`, Buffer.from('%PDF-1.4'), { contentType: 'application/pdf', fileName: 'a.pdf' });
      const raw = inner.contentOf(`f-${id.length}`)!;
      expect(raw.subarray(0, 7)).toEqual(Buffer.concat([Buffer.from('EVENC'), Buffer.from([1, id.length])]));
      expect(raw.subarray(4, 8).toString('latin1')).not.toBe('ftyp');
      expect(parseHeader(raw)).toMatchObject({ version: 1, keyId: id, length: headerLength(id.length) });
    }
  });

  it('stores size + header + 16 bytes per 64 KiB segment, and the plain size is read back from the stored size alone', async () => {
    const inner = new MemoryFileStorage();
    const store = new EncryptedFileStorage(inner, keyring('key-7'));
    for (const size of [0, 1, 1000, SEGMENT_SIZE - 1, SEGMENT_SIZE, SEGMENT_SIZE + 1, 2 * SEGMENT_SIZE, 5 * SEGMENT_SIZE + 3]) {
      await store.put(`s${size}`, randomBytes(size), { contentType: 'image/png', fileName: 'a.png' });
      const stored = inner.contentOf(`s${size}`)!.length;
      expect(stored, `size ${size}`).toBe(storedSize(size, 'key-7'.length));
      expect(plainSize(stored, headerLength('key-7'.length))).toBe(size);
    }
  });
});

describe('EncryptedFileStorage', () => {
  it('closes the stored object under a body destroyed before a byte was read', async () => {
    const inner = new MemoryFileStorage();
    const store = new EncryptedFileStorage(inner, keyring());
    await store.put('a', randomBytes(3 * SEGMENT_SIZE), { contentType: 'image/png', fileName: 'a.png' });
    await inner.put('plain', randomBytes(3 * SEGMENT_SIZE), { contentType: 'image/png', fileName: 'p.png' });
    const opened: Readable[] = [];
    const get = inner.get.bind(inner);
    inner.get = async (key) => {
      const found = await get(key);
      if (found) opened.push(found.body);
      return found;
    };
    for (const key of ['a', 'plain']) {
      const found = await store.get(key);
      found!.body.destroy();
    }
    expect(opened).toHaveLength(2);
    await expect.poll(() => opened.every((body) => body.destroyed)).toBe(true);
  });

  it('refuses an unsafe key before reading the body', async () => {
    const store = new EncryptedFileStorage(new MemoryFileStorage(), keyring());
    let read = false;
    const body = new Readable({
      read() {
        read = true;
        this.push(null);
      },
    });
    await expect(store.put('../escape', body, { contentType: 'image/png', fileName: 'x.png' })).rejects.toThrow(/Unsafe storage key/);
    expect(read).toBe(false);
  });

  it('a store given as it is (not encrypted) refuses the migrations', async () => {
    const plain = fileEncryptionOf(new MemoryFileStorage());
    await expect(plain.encrypt('a')).rejects.toThrow(/not an EncryptedFileStorage/);
    await expect(plain.rewrap('a')).rejects.toThrow(/not an EncryptedFileStorage/);
    const encrypted = new EncryptedFileStorage(new MemoryFileStorage(), keyring('k5'));
    expect(fileEncryptionOf(encrypted)).toBe(encrypted);
    expect(fileEncryptionOf(encrypted).currentKeyId).toBe('k5');
  });
});

describe('the embedded default keyring file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evisa-keyring-'));
    dirs.push(dir);
    return dir;
  };

  it('is made once, owner-only, in a folder it makes; an existing one is read and never replaced', () => {
    const file = path.join(tempDir(), 'nested', 'file-encryption.key');
    const told: string[] = [];
    const made = loadOrCreateFileKeyring(file, (f) => told.push(f));
    expect(told).toEqual([file]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(made.source).toBe(file);
    const again = loadOrCreateFileKeyring(file, (f) => told.push(f));
    expect(told).toHaveLength(1);
    expect(again.current).toEqual(made.current);

    const kept = path.join(tempDir(), 'file-encryption.key');
    const text = `old-2:${randomBytes(32).toString('base64')},old-1:${randomBytes(32).toString('base64')}\n`;
    writeFileSync(kept, text, { mode: 0o600 });
    expect(loadOrCreateFileKeyring(kept, () => told.push('again')).ids).toEqual(['old-2', 'old-1']);
    expect(readFileSync(kept, 'utf8')).toBe(text);
    expect(told).toHaveLength(1);
  });
});
