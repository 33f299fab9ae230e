import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FilesystemFileStorage } from '../../adapters/storage/filesystem/index.js';
import { MemoryFileStorage } from '../../adapters/storage/memory/index.js';
import { EncryptedFileStorage, parseFileKeyring } from '../../adapters/storage/encrypted/index.js';
import { describeFileEncryptionContract } from './file-encryption.contract.js';
import { describeFileStorageContract } from './file-storage.contract.js';

const keyring = () => parseFileKeyring(`test:${randomBytes(32).toString('base64')}`);

/** Every file under `dir` (objects and sidecars alike), by its path there. */
export async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), await readFile(file));
  }
  return files;
}

describeFileStorageContract('memory', async () => ({ storage: new MemoryFileStorage() }));

describeFileStorageContract('filesystem', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
  return { storage: new FilesystemFileStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

// What the agency's composition opens: each store behind the encryption at rest.
describeFileStorageContract('memory, encrypted', async () => ({ storage: new EncryptedFileStorage(new MemoryFileStorage(), keyring()) }));

describeFileStorageContract('filesystem, encrypted', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
  return { storage: new EncryptedFileStorage(new FilesystemFileStorage(dir), keyring()), close: () => rm(dir, { recursive: true, force: true }) };
});

describeFileEncryptionContract('memory', async () => {
  const inner = new MemoryFileStorage();
  return {
    inner,
    rawFiles: async () => new Map(inner.keys().map((key) => [key, inner.contentOf(key)!])),
    rawObject: async (key) => inner.contentOf(key)!,
  };
});

describeFileEncryptionContract('filesystem (the files on disk)', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
  return {
    inner: new FilesystemFileStorage(dir),
    rawFiles: () => filesUnder(dir),
    rawObject: (key) => readFile(path.join(dir, ...key.split('/'))),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});
