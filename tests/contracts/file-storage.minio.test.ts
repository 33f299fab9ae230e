import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MinioFileStorage } from '../../adapters/storage/minio/index.js';
import { EncryptedFileStorage, parseFileKeyring } from '../../adapters/storage/encrypted/index.js';
import { toBuffer } from '../../adapters/storage/keys.js';
import { startS3Server } from '../support/s3-server.js';
import { describeFileEncryptionContract } from './file-encryption.contract.js';
import { describeFileStorageContract } from './file-storage.contract.js';

// The in-process adapters run the same contracts in file-storage.test.ts.
describeFileStorageContract('minio (S3 server on 127.0.0.1)', async () => {
  const server = await startS3Server();
  // The bucket does not exist yet: the adapter creates it on first use.
  return { storage: new MinioFileStorage(server.storageUrl('agency-uploads')), close: () => server.stop() };
});

describeFileStorageContract('minio (S3 server on 127.0.0.1), encrypted', async () => {
  const server = await startS3Server();
  const keyring = parseFileKeyring(`test:${randomBytes(32).toString('base64')}`);
  return { storage: new EncryptedFileStorage(new MinioFileStorage(server.storageUrl('agency-uploads')), keyring), close: () => server.stop() };
});

describeFileEncryptionContract('minio (S3 server on 127.0.0.1: its objects as the bucket serves them and as its disk holds them)', async () => {
  const server = await startS3Server();
  const inner = new MinioFileStorage(server.storageUrl('agency-uploads'));
  return {
    inner,
    // What someone holding a bucket key downloads.
    rawObject: async (key) => toBuffer(await inner.client.getObject(inner.bucket, key)),
    // What a copy of the server's disk holds: every object file and its metadata.
    async rawFiles() {
      const files = new Map<string, Buffer>();
      for (const entry of await readdir(server.directory, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        files.set(path.relative(server.directory, file), await readFile(file));
      }
      return files;
    },
    close: () => server.stop(),
  };
});
