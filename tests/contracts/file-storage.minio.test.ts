import { MinioFileStorage } from '../../adapters/storage/minio/index.js';
import { startS3Server } from '../support/s3-server.js';
import { describeFileStorageContract } from './file-storage.contract.js';

// The in-process adapters run the same contract in file-storage.test.ts.
describeFileStorageContract('minio (S3 server on 127.0.0.1)', async () => {
  const server = await startS3Server();
  // The bucket does not exist yet: the adapter creates it on first use.
  return { storage: new MinioFileStorage(server.storageUrl('agency-uploads')), close: () => server.stop() };
});
