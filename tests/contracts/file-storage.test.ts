import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FilesystemFileStorage } from '../../adapters/storage/filesystem/index.js';
import { MemoryFileStorage } from '../../adapters/storage/memory/index.js';
import { describeFileStorageContract } from './file-storage.contract.js';

describeFileStorageContract('memory', async () => ({ storage: new MemoryFileStorage() }));

describeFileStorageContract('filesystem', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
  return { storage: new FilesystemFileStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
});
