import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FilesystemFileStorage } from '../../adapters/storage/filesystem/index.js';
import { MemoryFileStorage } from '../../adapters/storage/memory/index.js';
import { MinioFileStorage } from '../../adapters/storage/minio/index.js';
import { startS3Server } from '../support/s3-server.js';
import { describeFileStorageContract } from './file-storage.contract.js';

describeFileStorageContract('memory', async () => ({ storage: new MemoryFileStorage() }));

describeFileStorageContract('filesystem', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
  return { storage: new FilesystemFileStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

describeFileStorageContract('minio (S3 server on 127.0.0.1)', async () => {
  const server = await startS3Server();
  // The bucket does not exist yet: the adapter creates it on first use.
  return { storage: new MinioFileStorage(server.storageUrl('agency-uploads')), close: () => server.stop() };
});
